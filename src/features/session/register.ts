import { setSessionEndUi } from '../../lib/session-end';

/**
 * Hands the session's end notice and its re-sign-in dialog to the http client's session clock
 * (lib/session-end.ts), each loaded when first shown.
 */
export function registerSessionEndUi(): void {
  setSessionEndUi({
    showWarning: async (endsAt) => (await import('./warning')).showSessionWarning(endsAt),
    hideWarning: async () => (await import('./warning')).hideSessionWarning(),
    openDialog: async (reason) => (await import('./dialog')).openRenewalDialog(reason),
  });
}
