import { Trans, useLingui } from '@lingui/react/macro';
import {
  Button,
  ColorInput,
  SegmentedControl,
  Stack,
  Switch,
  Text,
  TextInput,
  useMantineColorScheme,
} from '@mantine/core';
import { useSnapshot } from 'valtio';
import { Select } from '../../components/floating';
import { SideDrawer } from '../../components/side-drawer';
import { syncNoticeSettings } from '../../pwa/notifications';
import { changeSetting, resetSettings, type Settings, settingsStore } from '../../stores/settings';
import { NotificationsSwitch } from './notifications-switch';

const SWATCHES = ['#1890ff', '#13c2c2', '#52c41a', '#faad14', '#f5222d', '#eb2f96', '#722ed1', '#2f54eb'];

/**
 * Settings of docs/product.md §3 in a drawer; every change applies at once and persists. Loaded when the
 * navbar's settings button is first used (settings-button.tsx).
 */
export default function SettingsDrawer({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t, i18n } = useLingui();
  const settings = useSnapshot(settingsStore);
  const { colorScheme, setColorScheme } = useMantineColorScheme();

  const toggle = (key: keyof Settings, label: string) => (
    <Switch
      label={label}
      checked={Boolean(settings[key])}
      onChange={(e) => changeSetting(key, e.currentTarget.checked as never)}
    />
  );

  return (
    <SideDrawer opened={opened} onClose={onClose} position="right" title={t`Page style settings`} size="sm">
      <Stack gap="md">
        <SegmentedControl
          aria-label={t`Colour scheme`}
          data-testid="color-scheme"
          value={colorScheme}
          onChange={(v) => setColorScheme(v as 'light' | 'dark' | 'auto')}
          data={[
            { value: 'light', label: t`Light` },
            { value: 'dark', label: t`Dark` },
            { value: 'auto', label: t`System` },
          ]}
        />
        <ColorInput
          label={t`Theme colour`}
          value={settings.theme}
          onChange={(v) => /^#[0-9a-f]{6}$/i.test(v) && changeSetting('theme', v)}
          swatches={SWATCHES}
          eyeDropperButtonProps={{ 'aria-label': t`Pick a colour from the screen` }}
          format="hex"
          data-testid="theme-colour"
        />
        <TextInput
          label={t`Title`}
          value={settings.title}
          onChange={(e) => changeSetting('title', e.currentTarget.value)}
        />
        {toggle('tagsView', t`Open tags view`)}
        {toggle('fixedHeader', t`Fixed header`)}
        {toggle('sidebarLogo', t`Sidebar logo`)}
        {toggle('supportPinyinSearch', t`Pinyin search (Chinese)`)}
        <NotificationsSwitch />
        <Select
          label={t`Collect errors`}
          value={settings.errorLog}
          onChange={(v) => v && changeSetting('errorLog', v as Settings['errorLog'])}
          allowDeselect={false}
          data={[
            { value: 'production', label: t`In production builds` },
            { value: 'development', label: t`In development builds` },
            { value: 'always', label: t`Always` },
            { value: 'never', label: t`Never` },
          ]}
        />
        <Text size="xs" c="dimmed">
          <Trans>Settings are saved in this browser.</Trans>
        </Text>
        <Button
          variant="default"
          onClick={() => {
            resetSettings();
            void syncNoticeSettings(i18n);
          }}
        >
          <Trans>Reset to defaults</Trans>
        </Button>
      </Stack>
    </SideDrawer>
  );
}
