import { askBeforeClosing } from './ledger';
import type { UploadSnapshot } from './protocol';

/**
 * The `beforeunload` handler of the window running the upload worker: registered only while it
 * holds the worker, an upload is under way and no other window waits to take over, and removed
 * otherwise (a listener that is present always makes the browser ask, and keeps the page out of
 * the back/forward cache). `othersWaiting` asks the lock manager; it is refreshed when an upload
 * starts and when another window says it joined or left.
 */
export class LeaveGuard {
  private snapshot: UploadSnapshot | null = null;
  private holding = false;
  private othersWaiting = false;
  private active = false;
  private readonly handler = (e: Event) => {
    e.preventDefault();
    // Older Chromium and Safari ask only when returnValue is set. (Typed as an Event: this folder
    // is also checked against the worker's types, which have no BeforeUnloadEvent.)
    (e as unknown as { returnValue: string }).returnValue = '';
  };

  constructor(private readonly othersWaitingNow: () => Promise<boolean> = async () => false) {}

  hold(): void {
    this.holding = true;
    this.refresh();
  }

  update(s: UploadSnapshot): void {
    const before = this.snapshot && askBeforeClosing(true, this.snapshot, false);
    this.snapshot = s;
    if (!before && askBeforeClosing(true, s, false)) this.refresh();
    this.apply();
  }

  /** Asks the lock manager again whether another window waits for the worker. */
  refresh(): void {
    this.othersWaitingNow().then(
      (waiting) => {
        this.othersWaiting = waiting;
        this.apply();
      },
      () => undefined,
    );
  }

  private apply(): void {
    const want = askBeforeClosing(this.holding, this.snapshot, this.othersWaiting);
    if (want === this.active) return;
    this.active = want;
    if (want) addEventListener('beforeunload', this.handler);
    else removeEventListener('beforeunload', this.handler);
  }
}
