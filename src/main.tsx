import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import './shell/global.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app';
import { activateLocale, detectLocale } from './lib/i18n';

await activateLocale(detectLocale());

createRoot(document.getElementById('root') as HTMLElement).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
