import { proxy } from 'valtio';
import { reportError } from '../../lib/error-log';
import { withMessages } from '../../lib/lazy';
import { CHECKPOINT_DB, checkpointStore } from '../../upload/persist';
import { UPLOAD_CHANNEL } from '../../upload/tab-names';

/**
 * Whether this tab runs the upload worker, without loading it: the navbar shows its indicator (and
 * loads it) only then. The worker itself is in uploads.ts, loaded by the upload panel, or here when
 * an interrupted upload is stored.
 */
export const uploadPresence = proxy({ started: false });

/** Whether IndexedDB holds a checkpoint, i.e. an upload that a reload or crash interrupted. */
export async function interruptedUploadStored(): Promise<boolean> {
  // Opening the database by name would create it for everyone who never uploaded: look first.
  const known = await indexedDB.databases?.().catch(() => undefined);
  if (known && !known.some((d) => d.name === CHECKPOINT_DB)) return false;
  return (await checkpointStore().list()).length > 0;
}

const startClient = async () => (await withMessages(import('./uploads'))).uploadClient();

let checked: Promise<void> | null = null;
let listening = false;

/**
 * Starts the worker's client here too when another window of the console broadcasts an upload
 * (upload/tabs.ts): this window then shows its progress, and takes the uploads over if that one
 * closes. Listening costs a channel, nothing is loaded before a message comes.
 */
export function followOtherWindows(): void {
  if (listening || typeof BroadcastChannel !== 'function') return;
  listening = true;
  const channel = new BroadcastChannel(UPLOAD_CHANNEL);
  type Message = { kind?: string; event?: { type?: string; state?: { items?: unknown[] } } };
  channel.addEventListener('message', (e: MessageEvent<Message>) => {
    const items = e.data?.kind === 'event' && e.data.event?.type === 'snapshot' ? e.data.event.state?.items : undefined;
    if (!items?.length || uploadPresence.started) return;
    channel.close();
    startClient().catch((err: unknown) => reportError(err, '[upload] other window', 'upload worker'));
  });
}

/**
 * Starts the worker with the console only when an upload was interrupted, so the navbar can show
 * it and the panel lists it; once, when the browser is idle (the page's own loading goes first).
 */
export function startIfInterrupted(): Promise<void> {
  checked ??= new Promise<void>((idle) => {
    if (typeof requestIdleCallback === 'function') requestIdleCallback(() => idle(), { timeout: 3000 });
    else setTimeout(idle, 500);
  })
    .then(interruptedUploadStored)
    .then(async (stored) => {
      if (stored) await startClient();
    })
    .catch((e: unknown) => reportError(e, '[upload] checkpoints', 'upload worker'));
  return checked;
}
