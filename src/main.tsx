// Only the Mantine styles the sign-in, 401 and 404 pages use, in Mantine's dependency order and in
// the `mantine` cascade layer; the console layout brings the full set (same layer, so the order in
// which they arrive never changes the result, and our own unlayered CSS always wins).
import '@mantine/core/styles/baseline.layer.css';
import '@mantine/core/styles/default-css-variables.layer.css';
import '@mantine/core/styles/global.layer.css';
import '@mantine/core/styles/UnstyledButton.layer.css';
import '@mantine/core/styles/VisuallyHidden.layer.css';
import '@mantine/core/styles/Paper.layer.css';
import '@mantine/core/styles/CloseButton.layer.css';
import '@mantine/core/styles/Group.layer.css';
import '@mantine/core/styles/Loader.layer.css';
import '@mantine/core/styles/Input.layer.css';
import '@mantine/core/styles/ActionIcon.layer.css';
import '@mantine/core/styles/Button.layer.css';
import '@mantine/core/styles/Center.layer.css';
import '@mantine/core/styles/Notification.layer.css';
import '@mantine/core/styles/PasswordInput.layer.css';
import '@mantine/core/styles/Stack.layer.css';
import '@mantine/core/styles/Tabs.layer.css';
import '@mantine/core/styles/Text.layer.css';
import '@mantine/core/styles/Title.layer.css';
import '@mantine/notifications/styles.layer.css';
import './shell/global.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app';
import { errorLogEnabled, installErrorLog, logError, toEntry } from './lib/error-log';
import { activateLocale, detectLocale } from './lib/i18n';
import { settingsStore } from './stores/settings';

await activateLocale(detectLocale());

const collecting = () => errorLogEnabled(settingsStore.errorLog, import.meta.env.PROD);
installErrorLog(collecting);

// Render errors arrive here with their component stack (the `vm` of SPEC.md's error-log entry).
const onRenderError = (error: unknown, info: { componentStack?: string }) => {
  if (collecting()) void logError(toEntry(error, info.componentStack ?? '', 'render error'));
};

createRoot(document.getElementById('root') as HTMLElement, {
  onCaughtError: onRenderError,
  onUncaughtError: onRenderError,
}).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
