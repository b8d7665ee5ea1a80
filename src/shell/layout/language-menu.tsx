import { useLingui } from '@lingui/react/macro';
import { ActionIcon } from '@mantine/core';
import { IconLanguage } from '@tabler/icons-react';
import { Menu, Tooltip } from '../../components/floating';
import { changeLocale, LOCALES, type Locale } from '../../lib/i18n';

export function LanguageMenu() {
  const { t, i18n } = useLingui();
  return (
    <Menu position="bottom-end">
      <Menu.Target>
        <Tooltip label={t`Language`}>
          <ActionIcon variant="subtle" color="gray" size="lg" aria-label={t`Language`}>
            <IconLanguage size={20} />
          </ActionIcon>
        </Tooltip>
      </Menu.Target>
      <Menu.Dropdown>
        {(Object.keys(LOCALES) as Locale[]).map((l) => (
          <Menu.Item key={l} disabled={l === i18n.locale} onClick={() => changeLocale(l)} lang={l}>
            {LOCALES[l]}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
