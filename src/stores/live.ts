import { proxy } from 'valtio';
import type { CountsEvent, PresenceEditor } from '../contract/events';

/** What the live stream (shell/live-root.tsx) knows: the menu badges' numbers and who edits what. */
export const liveStore = proxy({
  /** The stream is open right now. */
  connected: false,
  /** null until the stream's first counts arrive. */
  counts: null as CountsEvent | null,
  /** `resource:id` → who has that record's edit form open (this tab included). */
  presence: {} as Record<string, PresenceEditor[]>,
});

export const presenceKey = (resource: string, id: number) => `${resource}:${id}`;

/** Signed out, or another account signed in: nothing of the previous session may show. */
export function resetLiveStore(): void {
  liveStore.connected = false;
  liveStore.counts = null;
  liveStore.presence = {};
}
