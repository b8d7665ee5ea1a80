import { useLingui } from '@lingui/react/macro';
import { NativeSelect } from '@mantine/core';
import { IconLanguage } from '@tabler/icons-react';
import { changeLocale, isLocale, LOCALES, type Locale } from '../../lib/i18n';

/**
 * The sign-in page's language choice: the browser's own select, so the page does not load the
 * floating menu machinery the console's LanguageMenu needs (bench: bundle).
 */
export function LanguageSelect() {
  const { t, i18n } = useLingui();
  return (
    <NativeSelect
      aria-label={t`Language`}
      value={i18n.locale}
      onChange={(e) => isLocale(e.currentTarget.value) && changeLocale(e.currentTarget.value)}
      data={(Object.keys(LOCALES) as Locale[]).map((l) => ({ value: l, label: LOCALES[l] }))}
      leftSection={<IconLanguage size={16} aria-hidden />}
      size="xs"
      w={130}
      data-testid="login-language"
    />
  );
}
