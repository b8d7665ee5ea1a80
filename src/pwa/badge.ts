import type { CountsEvent } from '../contract/events';
import { waitingCount } from '../sw/protocol/notices';

/**
 * The number on the installed app's icon: what waits for the member (pending applications plus
 * unread messages), the same numbers as the menu badges. The server leaves out of the live
 * stream's `counts` what the member's roles may not see, so the sum is only of what they may.
 * While the console is closed the service worker keeps it current (sw/periodic.ts).
 */
type BadgeNavigator = Navigator & {
  setAppBadge?: (n?: number) => Promise<void>;
  clearAppBadge?: () => Promise<void>;
};

const nav = (): BadgeNavigator | undefined => (typeof navigator === 'undefined' ? undefined : navigator);

let shown: number | null = null;

/** The live stream's counts on the icon; nothing shown at 0. Unsupported browsers: nothing. */
export function showAppBadge(counts: Partial<CountsEvent> | null): void {
  const n = waitingCount(counts);
  if (n === shown) return;
  shown = n;
  const badge = nav();
  void (n > 0 ? badge?.setAppBadge?.(n) : badge?.clearAppBadge?.())?.catch(() => undefined);
}

/** Signed out, or another member signed in: nothing of the last session stays on the icon. */
export function clearAppBadge(): void {
  shown = null;
  void nav()
    ?.clearAppBadge?.()
    ?.catch(() => undefined);
}
