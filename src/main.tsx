// Mantine's global styles, in its `mantine` cascade layer (our own unlayered CSS always wins); each
// component's styles come with its code (scripts/mantine-css.ts), so a page downloads only those
// of the components it shows. Its CSS variables are written by MantineProvider (app.tsx), not
// downloaded (4 KiB gzip of default-css-variables.css).
import '@mantine/core/styles/baseline.layer.css';
import '@mantine/core/styles/global.layer.css';
import './shell/global.css';
import { StrictMode, startTransition } from 'react';
import { loadFloatingOnFirstInteraction } from './components/floating/load';
import { registerSessionEndUi } from './features/session/register';
import { errorLogEnabled, installErrorLog, logError, toEntry } from './lib/error-log';
import { activateLocale, detectLocale } from './lib/i18n';
import { yieldToMain } from './lib/yield-to-main';
import { settingsStore } from './stores/settings';

// First, so an error while the messages load is collected too.
const collecting = () => errorLogEnabled(settingsStore.errorLog, import.meta.env.PROD);
installErrorLog(collecting);
// The session's end: a notice before it and a sign-in over the screen after it, loaded when shown.
registerSessionEndUi();

// The providers, router and layout, the route tree, and React DOM's renderer: chunks of their own
// (scripts/chunks.ts) that the document preloads beside the entry, each evaluated in a task of its
// own, since one task for all was over 50 ms on a desktop. No top-level await here: the app's chunk
// imports from this one, which must finish evaluating first.
const app = import('./app');

// Render errors arrive here with their component stack (the `vm` of docs/product.md's error-log entry).
const onRenderError = (error: unknown, info: { componentStack?: string }) => {
  if (collecting()) void logError(toEntry(error, info.componentStack ?? '', 'render error'));
};

async function start() {
  await activateLocale(detectLocale(), location.pathname);
  const { App, loadRouter } = await app;
  const router = await loadRouter();
  // A task after the router's, so the chunks, arriving together, never evaluate in the same task.
  await yieldToMain();
  const { createRoot } = await import('react-dom/client');
  // And the root (React's listeners for every event on the page) a task after React DOM's evaluation.
  await yieldToMain();

  // Menus, tooltips and pickers: with the first pointer move, touch or key, not with the screen.
  loadFloatingOnFirstInteraction();

  const root = createRoot(document.getElementById('root') as HTMLElement, {
    onCaughtError: onRenderError,
    onUncaughtError: onRenderError,
  });
  // The first render as a transition: React yields to the browser every few milliseconds instead of
  // building the whole console in one long task, so a phone's main thread stays responsive (and the
  // boot script's early answers and preloads are handled) while it starts.
  startTransition(() => {
    root.render(
      <StrictMode>
        <App router={router} />
      </StrictMode>,
    );
  });
}

void start();
