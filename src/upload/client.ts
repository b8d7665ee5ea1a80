import { LeaveGuard } from './leave-guard';
import type { UploadCommand, UploadEvent, VodCredential } from './protocol';
import { canShareWorker, createSharedClient, type TabRole } from './tabs';

/**
 * The UI side of the upload worker: posts commands, answers its credential requests and forwards
 * network hints. The console's session token never enters the worker: the UI fetches the
 * temporary VOD credential and hands over only that. Where the browser has Web Locks, one window
 * of the console runs the worker and the others relay to it (tabs.ts); elsewhere (Safari before
 * 15.4) each window runs its own, as before, and asks before closing while it uploads.
 */
export interface UploadClientDeps {
  onEvent(e: UploadEvent): void;
  getCredential(): Promise<VodCredential>;
  /**
   * Whether a refused credential request is the session's end, now being renewed over the screen:
   * the upload then waits as for an unreachable server (it asks again, and goes on once renewed).
   */
  sessionEnded?(err: unknown): boolean;
  createWorker?: () => Worker;
  /** Whether this window runs the worker ('holder') or shows another window's ('follower'). */
  onRole?(role: TabRole): void;
}

export interface UploadClient {
  post(c: UploadCommand): void;
}

export function createUploadClient(deps: UploadClientDeps): UploadClient {
  if (canShareWorker()) {
    return createSharedClient({
      onEvent: deps.onEvent,
      ...(deps.onRole ? { onRole: deps.onRole } : {}),
      startWorker: (onEvent) => createWorkerClient({ ...deps, onEvent }),
    });
  }
  const guard = new LeaveGuard();
  guard.hold();
  deps.onRole?.('holder');
  return createWorkerClient({
    ...deps,
    onEvent: (e) => {
      if (e.type === 'snapshot') guard.update(e.state);
      deps.onEvent(e);
    },
  });
}

/** This window's own worker. */
function createWorkerClient(deps: UploadClientDeps): UploadClient {
  const worker =
    deps.createWorker?.() ?? new Worker(new URL('./worker.ts', import.meta.url), { type: 'module', name: 'upload' });
  const post = (c: UploadCommand) => worker.postMessage(c);

  worker.addEventListener('message', (e: MessageEvent<UploadEvent>) => {
    const ev = e.data;
    if (ev.type === 'credential-needed') {
      deps.getCredential().then(
        (credential) => post({ type: 'credential', credential }),
        (err: unknown) => {
          const ended = deps.sessionEnded?.(err) ?? false;
          post({
            type: 'credential-error',
            message: err instanceof Error ? err.message : String(err),
            // The console's http client names a request that got no answer NetworkError.
            unreachable: ended || (err instanceof Error && err.name === 'NetworkError'),
          });
        },
      );
    }
    deps.onEvent(ev);
  });
  worker.addEventListener('error', (e) => {
    // Handled here (it reaches the error log as an upload-worker error), so the browser does not
    // report it a second time on the window.
    e.preventDefault();
    deps.onEvent({ type: 'log', level: 'error', message: `[upload] worker error: ${e.message}` });
  });

  // Hints: the worker listens to online/offline itself; whichever arrives first pauses or resumes.
  window.addEventListener('online', () => post({ type: 'set-online', online: true }));
  window.addEventListener('offline', () => post({ type: 'set-online', online: false }));
  post({ type: 'set-online', online: navigator.onLine });
  post({ type: 'hello' });
  return { post };
}
