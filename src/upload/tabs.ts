import { LeaveGuard } from './leave-guard';
import { FileLedger } from './ledger';
import type { NewFile, UploadCommand, UploadEvent } from './protocol';
import { UPLOAD_CHANNEL, UPLOAD_LOCK } from './tab-names';

/**
 * One upload worker for all the console's windows (a browser tab beside the installed app): the
 * window holding the Web Lock {@link UPLOAD_LOCK} runs the worker and its checkpoints; the others
 * send it their commands and show the progress it broadcasts, on {@link UPLOAD_CHANNEL}. So no
 * checkpoint is ever resumed by two workers at once. When the holder closes, the browser releases
 * its lock and the window that asked first gets it: it starts a worker and gives it the queue it
 * kept (ledger.ts), which resumes from the checkpoints. Without Web Locks (client.ts) each window
 * keeps its own worker, as before.
 */
export type TabRole = 'holder' | 'follower';

export type ChannelMessage =
  /** A command a window sent: the holder runs it, the others keep its files (ledger). */
  | { kind: 'command'; command: UploadCommand }
  /** The holder's worker said it (snapshots and errors). */
  | { kind: 'event'; event: UploadEvent }
  /** The holder's queue's files, for a window that has just joined. */
  | { kind: 'files'; files: NewFile[] }
  /** A window started or stopped waiting for the worker: the holder asks the lock manager again. */
  | { kind: 'joined' }
  | { kind: 'left' };

export interface Sink {
  post(c: UploadCommand): void;
}

export interface SharedDeps {
  onEvent(e: UploadEvent): void;
  onRole?(role: TabRole): void;
  /** Starts this window's worker (client.ts), its events going to `onEvent`. */
  startWorker(onEvent: (e: UploadEvent) => void): Sink;
}

/** Web Locks (Chromium 69, Firefox 96, Safari 15.4) and BroadcastChannel; happy-dom's locks are null. */
export const canShareWorker = (): boolean =>
  typeof navigator !== 'undefined' &&
  typeof (navigator.locks as LockManager | null | undefined)?.request === 'function' &&
  typeof BroadcastChannel === 'function';

async function othersWaiting(): Promise<boolean> {
  const state = await navigator.locks.query();
  return (state.pending ?? []).some((l) => l.name === UPLOAD_LOCK);
}

export function createSharedClient(deps: SharedDeps): Sink {
  const channel = new BroadcastChannel(UPLOAD_CHANNEL);
  const ledger = new FileLedger();
  const guard = new LeaveGuard(othersWaiting);
  let role: TabRole | null = null;
  let worker: Sink | null = null;
  const early: UploadCommand[] = [];

  const send = (m: ChannelMessage) => {
    try {
      channel.postMessage(m);
    } catch (e) {
      deps.onEvent({
        type: 'log',
        level: 'error',
        message: `[upload] could not reach the other windows: ${String(e)}`,
      });
    }
  };

  const fromWorker = (e: UploadEvent) => {
    if (e.type === 'snapshot') {
      guard.update(e.state);
      ledger.observe(e.state);
    }
    if (e.type === 'snapshot' || e.type === 'error') send({ kind: 'event', event: e });
    deps.onEvent(e);
  };

  const hold = (): Promise<never> => {
    const takeover = role === 'follower' ? ledger.takeover() : [];
    role = 'holder';
    deps.onRole?.('holder');
    guard.hold();
    const w = deps.startWorker(fromWorker);
    worker = w;
    for (const c of takeover) w.post(c);
    for (const c of early.splice(0)) post(c);
    // Held for the life of the window: the browser lets go when it closes.
    return new Promise<never>(() => undefined);
  };

  const follow = () => {
    role = 'follower';
    deps.onRole?.('follower');
    for (const c of early.splice(0)) post(c);
    send({ kind: 'command', command: { type: 'hello' } });
    void navigator.locks.request(UPLOAD_LOCK, hold);
    // Said once the lock manager lists the request (its answer comes after it), so the holder's
    // look finds this window waiting.
    void navigator.locks.query().finally(() => send({ kind: 'joined' }));
  };

  channel.addEventListener('message', (e: MessageEvent<ChannelMessage>) => {
    const m = e.data;
    if (role === 'holder') {
      if (m.kind === 'command') {
        ledger.record(m.command);
        worker?.post(m.command);
      } else if (m.kind === 'joined') {
        guard.refresh();
        setTimeout(() => guard.refresh(), 500);
        // The files added before it came: it needs them to carry the queue on.
        const files = ledger.files();
        if (files.length) send({ kind: 'files', files });
      } else if (m.kind === 'left') setTimeout(() => guard.refresh(), 500);
      return;
    }
    if (m.kind === 'command') ledger.record(m.command);
    else if (m.kind === 'files') ledger.record({ type: 'add', files: m.files });
    else if (m.kind === 'event' && role === 'follower') {
      if (m.event.type === 'snapshot') ledger.observe(m.event.state);
      deps.onEvent(m.event);
    }
  });
  addEventListener('pagehide', () => {
    if (role === 'follower') send({ kind: 'left' });
  });

  void navigator.locks.request(UPLOAD_LOCK, { ifAvailable: true }, (lock) => (lock ? hold() : follow()));

  function post(c: UploadCommand): void {
    if (role === null) {
      early.push(c);
      return;
    }
    ledger.record(c);
    if (role === 'holder') worker?.post(c);
    // The holder's own commands too: the other windows keep the files in case it closes.
    if (c.type !== 'hello') send({ kind: 'command', command: c });
  }
  return { post };
}
