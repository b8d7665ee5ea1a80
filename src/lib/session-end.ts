import { Code, LOGOUT_CODES } from '../contract/envelope';
import { sessionStore } from '../stores/session';

/**
 * The session's end, as the server announces it (X-Lectern-Session-End, docs/api-additions.md),
 * and its renewal without leaving the screen (ASVS 5.0 7.3.2: sessions end; the member's work does
 * not). Loaded with the http client, so it is small: the notice and the dialog are the console's
 * (features/session/), which hands them over at start-up (setSessionEndUi) and loads them when
 * first needed. Without them (the sign-in page) a refusal is a refusal, as before.
 */

/** What the console shows for the session's end (features/session/register.ts). */
export interface SessionEndUi {
  showWarning(endsAt: number): Promise<void>;
  hideWarning(): Promise<void>;
  /** The sign-in over the screen: true when the same member signed in again. */
  openDialog(reason: 'ended' | 'early'): Promise<boolean>;
}

let ui: SessionEndUi | null = null;
export function setSessionEndUi(given: SessionEndUi): void {
  ui = given;
}

/** The notice shows this long before the end. */
export const WARN_BEFORE_MS = 5 * 60_000;

let endsAt = 0;
let warnTimer: ReturnType<typeof setTimeout> | undefined;
let endTimer: ReturnType<typeof setTimeout> | undefined;
let pending: Promise<boolean> | null = null;

/** The session's end on this device's clock (0: unknown). */
export const sessionEndsAt = (): number => endsAt;

/**
 * An answer told the session's end. `serverDate` (the answer's Date header) corrects this
 * device's clock: a phone minutes off would otherwise warn late or not at all.
 */
export function noteSessionEnd(iso: string, serverDate: string | null): void {
  const end = Date.parse(iso);
  if (!Number.isFinite(end)) return;
  const server = serverDate ? Date.parse(serverDate) : Number.NaN;
  // Date has whole seconds: a skew under two seconds is rounding, not a wrong clock.
  const skew = Number.isFinite(server) && Math.abs(server - Date.now()) > 2_000 ? server - Date.now() : 0;
  const local = end - skew;
  // The same session's end, said again by every answer: only a real change moves the timers.
  if (Math.abs(local - endsAt) < 3_000) return;
  endsAt = local;
  schedule();
}

function schedule(): void {
  clearTimeout(warnTimer);
  clearTimeout(endTimer);
  void hideWarning();
  const now = Date.now();
  // Timers longer than 2^31-1 ms fire at once: a far end is looked at again later.
  const wait = (ms: number) => Math.min(Math.max(0, ms), 2 ** 31 - 1);
  warnTimer = setTimeout(
    () => {
      if (Date.now() >= endsAt - WARN_BEFORE_MS - 1_000) void showWarning();
      else schedule();
    },
    wait(endsAt - WARN_BEFORE_MS - now),
  );
  endTimer = setTimeout(() => void showWarning(), wait(endsAt - now));
}

async function showWarning(): Promise<void> {
  if (!sessionStore.id || !endsAt || !ui) return;
  await ui.showWarning(endsAt);
}

async function hideWarning(): Promise<void> {
  if (!warningLoaded || !ui) return;
  await ui.hideWarning();
}
let warningLoaded = false;
/** The notice says it is loaded (so hiding a notice never loads it). */
export const markWarningLoaded = () => {
  warningLoaded = true;
};

/**
 * Whether a refusal is the session's end, to renew in place: expired (50014), or any refusal once
 * the announced end has passed (the first request to meet it, perhaps another window's or the
 * live stream's, got the 50014 and later ones get 50008), or while a renewal is under way. A
 * session ended on purpose before its end (signed out elsewhere, by an administrator) is not
 * renewed: the console says it was signed out, as before.
 */
export function isSessionEnd(code: number): boolean {
  if (!LOGOUT_CODES.includes(code)) return false;
  return code === Code.TokenExpired || pending !== null || (endsAt > 0 && Date.now() >= endsAt - 5_000);
}

/**
 * Sign in again over the current screen (dialog.ts). One dialog at a time: every request refused
 * meanwhile waits for the same answer. true: the same member is signed in again; false: the
 * member closed the dialog (or signed in as somebody else, which reloads the console). null: the
 * console does not renew here, as nobody has been signed in on this page yet (the start-up's
 * check sends to the sign-in page as before).
 */
export function renewSession(reason: 'ended' | 'early' = 'ended'): Promise<boolean> | null {
  const shown = ui;
  if (!sessionStore.id || !shown) return null;
  pending ??= Promise.resolve()
    .then(() => shown.openDialog(reason))
    // The dialog's code could not load (offline after an update, say): refused as before.
    .catch(() => false)
    .finally(() => {
      pending = null;
    });
  return pending;
}
