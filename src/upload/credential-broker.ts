import { checkCredentialSet, UploadRuleError } from './credentials';
import type { UploadEvent, VodCredential } from './protocol';
import { MESSAGES } from './queue';
import { createVodClient, type VodClient } from './vod-client';

/**
 * The worker's temporary VOD credential. The worker cannot fetch it (the session token stays in
 * the UI): it posts `credential-needed` and the UI answers with `credential` or `credential-error`.
 * One request at a time; every caller waiting meanwhile gets the same answer.
 */
const WAIT_MS = 30_000;
/** A credential this close to its expiration is not used for a new run. */
const MARGIN_MS = 5_000;

export class CredentialBroker {
  private credential: VodCredential | null = null;
  private client: VodClient | null = null;
  private pending: { promise: Promise<VodCredential>; resolve(c: VodCredential): void; reject(e: Error): void } | null =
    null;

  constructor(
    private readonly post: (e: UploadEvent) => void,
    private readonly now: () => number,
    private readonly createVod: (c: VodCredential) => VodClient = createVodClient,
  ) {}

  /** Forget the credential (the service called it expired). */
  invalidate(): void {
    this.credential = null;
  }

  answer(c: VodCredential): void {
    this.pending?.resolve(c);
  }

  /** unreachable: the console could not reach the server; the run waits and retries (retry-policy.ts). */
  refuse(message: string, unreachable = false): void {
    const e = new Error(message);
    if (unreachable) e.name = 'NetworkError';
    this.pending?.reject(e);
  }

  /** A VOD client with a credential that is not about to expire; asks the UI for one if needed. */
  async vod(): Promise<VodClient> {
    const c = this.credential;
    if (c && this.client && Date.parse(c.expiration) - this.now() > MARGIN_MS) return this.client;
    const fresh = await this.request();
    const set = checkCredentialSet({
      AccessKeyId: fresh.accessKeyId,
      AccessKeySecret: fresh.accessKeySecret,
      SecurityToken: fresh.securityToken,
      Expiration: fresh.expiration,
    });
    if (set === 'none')
      throw new UploadRuleError('InvalidParameter.EmptyValue', 'parameter AccessKeyId cannot be empty');
    if (!set.ok) throw new UploadRuleError(set.code, set.message);
    this.credential = fresh;
    this.client = this.createVod(fresh);
    return this.client;
  }

  private request(): Promise<VodCredential> {
    if (!this.pending) {
      let resolve!: (c: VodCredential) => void;
      let reject!: (e: Error) => void;
      const promise = new Promise<VodCredential>((res, rej) => {
        resolve = res;
        reject = rej;
      });
      const timer = setTimeout(() => this.pending?.reject(new Error('no credential from the console')), WAIT_MS);
      const settle = () => {
        clearTimeout(timer);
        this.pending = null;
      };
      this.pending = {
        promise,
        resolve: (c) => {
          settle();
          resolve(c);
        },
        reject: (e) => {
          settle();
          reject(e);
        },
      };
      this.post({ type: 'credential-needed' });
    }
    return this.pending.promise.catch((e: Error) => {
      if (e.name === 'NetworkError') throw e;
      throw new UploadRuleError('GetUploadAuthFailed', e.message || MESSAGES.GetUploadAuthFailed);
    });
  }
}
