import { $fetch, FetchError, type FetchOptions } from 'ofetch';
import { API_BASE, Code, type Envelope, type FieldError, isSuccessCode, LOGOUT_CODES } from '../contract/envelope';
import { EVENT_POSITION_HEADER } from '../contract/events';
import { apiCacheKind } from '../sw/protocol/cache-keys';

/**
 * The console's HTTP client (docs/product.md §7-8): base /prod-api, cookies sent, 300 000 ms timeout,
 * `Language` and `X-Token` headers. Every non-success code is turned into an {@link ApiError} here,
 * and the user is told here, so screens only decide what else to do (field errors, conflict dialog).
 */
export const REQUEST_TIMEOUT_MS = 300_000;
export const ERROR_TOAST_MS = 5_000;

export class ApiError extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly status: number | undefined,
    readonly data: unknown,
  ) {
    super(message);
    this.name = 'ApiError';
  }

  /** Field errors of a 40000 (or field-naming 40900) response, keyed by path, with their codes. */
  get fieldErrors(): Record<string, FieldError> {
    const errors = (this.data as { errors?: FieldError[] } | null)?.errors;
    if (!Array.isArray(errors)) return {};
    return Object.fromEntries(errors.map((e) => [e.path, e]));
  }
}

/** A request that never got an answer (offline, DNS, CORS, timeout). */
export class NetworkError extends Error {
  /** The browser says it has no network (not merely a failed request). */
  readonly offline = typeof navigator !== 'undefined' && navigator.onLine === false;
  constructor(
    message: string,
    /**
     * Nothing to tell nor to log: the screen says it itself (see {@link classifyNoAnswer}); an
     * action that needs the server is told, so this is false for it.
     */
    readonly explained = false,
  ) {
    super(message);
    this.name = 'NetworkError';
  }
}

/**
 * What the client does with a request that got no answer at all (docs/offline.md):
 * - `silent`: nothing is told and nothing logged. Offline, every read: the offline banner and the
 *   screen's own offline state ("not saved on this device", a record's notice) say it. Online, the
 *   reads the service worker answers from its copy (lists, records, Home's figures, pickers, the
 *   session check): when even it has nothing, the screen says so in place, and right after the
 *   network comes back a request may still meet the old state. And a write the caller keeps for later ("Saved on this device").
 * - `notice`: offline, an action that needs the server (delete, approve, settings): told, as a
 *   state and not as an error ("You are offline. This needs the server…").
 * - `error`: online, anything else: the server cannot be reached.
 */
export type NoAnswer = 'silent' | 'notice' | 'error';

export function classifyNoAnswer(request: {
  method: string;
  /** The path under the API base, a query allowed ('/book/page', '/category/list?x=1'). */
  path: string;
  /** navigator.onLine is false. */
  offline: boolean;
  keptOffline?: boolean;
}): NoAnswer {
  if (request.keptOffline) return 'silent';
  const method = request.method.toUpperCase();
  const pathname = request.path.split(/[?#]/)[0] ?? '';
  const answeredOffline = apiCacheKind(method, `${API_BASE}${pathname}`, API_BASE) === 'list';
  if (request.offline) return method === 'GET' || method === 'HEAD' || answeredOffline ? 'silent' : 'notice';
  return answeredOffline ? 'silent' : 'error';
}

/** SESSION_END_HEADER of src/server/auth/session-life.ts (the client imports no server code). */
const SESSION_END_HEADER = 'x-lectern-session-end';

/** Cache header names of the service worker (src/sw/protocol/cache-keys.ts). */
const CACHED_AT_HEADER = 'x-lectern-cached-at';
const servedFromCache = new WeakMap<object, number>();

/**
 * When the service worker answered this request from its cache (offline, or the network slower
 * than its timeout): the time (epoch ms) the answer was stored. undefined: a fresh answer.
 */
export function cachedAtOf(data: unknown): number | undefined {
  return data && typeof data === 'object' ? servedFromCache.get(data) : undefined;
}

/** `part`, taken out of the answer `whole`, came from the cache as `whole` did (or not). */
export function cachedLike<T>(whole: unknown, part: T): T {
  const at = cachedAtOf(whole);
  if (at !== undefined && part && typeof part === 'object') servedFromCache.set(part, at);
  return part;
}

/** What the client shows; wired to Mantine in lib/http-ui.ts, replaced by recorders in tests. */
export interface HttpUi {
  error(message: string, durationMs: number): void;
  confirmLogout(): void;
  /** A call was refused until the password is changed (40310): the console opens the change page. */
  passwordChangeRequired?(): void;
  /** What a failed request says when the browser is offline ("You are offline"). */
  offlineMessage?(): string;
  /**
   * Tells a state rather than an error (offline, an action that needs the server): not red. Without
   * it, {@link HttpUi.error} tells it (the sign-in page shows both in its form's alert).
   */
  notice?(message: string, durationMs: number): void;
  /** What a request that got no answer says while the browser is online; default the browser's words. */
  unreachableMessage?(): string;
  /**
   * The user's language for a code whose meaning is fixed (wrong password, too many attempts,
   * storage full…); undefined keeps the server's own message (specific ones, such as a field's).
   */
  codeMessage?(code: number, data: unknown): string | undefined;
  /**
   * Each authenticated answer's session end (X-Lectern-Session-End) and the answer's Date: the
   * console warns before the end (src/features/session/).
   */
  sessionEnd?(endsAt: string, serverDate: string | null): void;
  /**
   * The session was refused (ended, expired): sign in again without leaving the screen. Resolves
   * true once the same member is signed in again (the request is then sent again), false when the
   * member declined; null when the console does not renew (nobody signed in on this page yet).
   */
  renewSession?(code: number): Promise<boolean> | null;
}

export interface HttpDeps {
  baseURL?: string;
  getToken(): string | undefined;
  /** The stored session language value; the original console defaulted it to RUB (kept on purpose). */
  getLanguage(): string | undefined;
  ui: HttpUi;
  fallbackMessage(): string;
  /** The fetch to use (default the global one); the console's takes start-up answers (lib/early-answers.ts). */
  fetch?: typeof fetch;
  /**
   * Moves when this page changes the session's state (stores/session.ts): a 40310 to a request
   * sent before the password was changed is not a reason to go back to the change page.
   */
  sessionEpoch?(): number;
  /** Each answer's live-stream position (src/lib/events.ts: where a stream opened later resumes). */
  onEventPosition?(position: string): void;
}

export type Outcome =
  | { kind: 'ok' }
  | { kind: 'error'; message: string; logout: boolean }
  /** Not an error to toast: the change page says what to do (docs/api.md §6). */
  | { kind: 'change-password'; message: string };

/** Pure: what the client does with a response code (docs/product.md §8). */
export function classifyCode(code: number, msg: string | undefined, fallback: string): Outcome {
  if (isSuccessCode(code)) return { kind: 'ok' };
  if (code === Code.PasswordChangeRequired) return { kind: 'change-password', message: msg || fallback };
  return { kind: 'error', message: msg || fallback, logout: LOGOUT_CODES.includes(code) };
}

export type RequestOptions = Omit<FetchOptions<'json'>, 'baseURL' | 'method' | 'body'> & {
  /** Neither toast nor logout dialog: the caller tells the user itself (the route guard does). */
  quiet?: boolean;
  /**
   * No toast when the request gets no answer: the caller keeps the write for later and says so
   * itself ("Saved on this device"). Answers from the server are still told as usual.
   */
  keptOffline?: boolean;
  /**
   * No toast for a stale version (a 409 whose reason is `stale`): the caller compares the versions
   * and shows the conflict, or saves again when nothing it writes has changed.
   */
  staleHandled?: boolean;
  /** A refused session is not renewed for this request (signing out; a request sent again after renewal). */
  noRenewal?: boolean;
};

export function createHttp(deps: HttpDeps) {
  const raw = $fetch.create(
    {
      baseURL: deps.baseURL ?? API_BASE,
      credentials: 'include',
      timeout: REQUEST_TIMEOUT_MS,
      retry: 0,
      onRequest({ options }) {
        const headers = new Headers(options.headers);
        headers.set('Language', deps.getLanguage() || 'RUB');
        const token = deps.getToken();
        if (token) headers.set('X-Token', token);
        options.headers = headers;
      },
    },
    deps.fetch ? { fetch: deps.fetch } : {},
  );

  async function request<T>(method: string, path: string, body?: unknown, opts: RequestOptions = {}): Promise<T> {
    const { quiet, keptOffline, staleHandled, noRenewal, ...fetchOpts } = opts;
    const epoch = deps.sessionEpoch?.();
    let envelope: Envelope<T>;
    let status: number | undefined;
    try {
      const res = await raw.raw<Envelope<T>>(path, { ...fetchOpts, method, body: body as BodyInit });
      envelope = res._data as Envelope<T>;
      status = res.status;
      const position = res.headers.get(EVENT_POSITION_HEADER);
      if (position) deps.onEventPosition?.(position);
      const sessionEnd = res.headers.get(SESSION_END_HEADER);
      if (sessionEnd) deps.ui.sessionEnd?.(sessionEnd, res.headers.get('date'));
      const cachedAt = Number(res.headers.get(CACHED_AT_HEADER));
      if (cachedAt && envelope?.data && typeof envelope.data === 'object') servedFromCache.set(envelope.data, cachedAt);
    } catch (e) {
      const env = e instanceof FetchError ? (e.data as Envelope<T> | undefined) : undefined;
      if (env && typeof env === 'object' && typeof env.code === 'number') {
        envelope = env;
        status = e instanceof FetchError ? e.status : undefined;
      } else if (e instanceof FetchError && e.status !== undefined) {
        // An answer that is not our envelope (a proxy's 502 page, say): still an error with a message.
        const message = `${e.status} ${e.statusText ?? ''}`.trim();
        if (!quiet) deps.ui.error(message, ERROR_TOAST_MS);
        throw new ApiError(e.status, message, e.status, null);
      } else if (isAbort(e)) {
        // The caller (a query being replaced, a closed dialog) cancelled on purpose: nothing to tell.
        throw e;
      } else {
        const offline = typeof navigator !== 'undefined' && navigator.onLine === false;
        const message =
          (offline ? deps.ui.offlineMessage?.() : deps.ui.unreachableMessage?.()) ||
          networkMessage(e, deps.fallbackMessage());
        const told = classifyNoAnswer({ method, path, offline, keptOffline });
        if (!quiet && told === 'notice' && deps.ui.notice) deps.ui.notice(message, ERROR_TOAST_MS);
        else if (!quiet && told !== 'silent') deps.ui.error(message, ERROR_TOAST_MS);
        throw new NetworkError(message, told === 'silent');
      }
    }
    if (!envelope || typeof envelope.code !== 'number') {
      const message = deps.fallbackMessage();
      if (!quiet) deps.ui.error(message, ERROR_TOAST_MS);
      throw new ApiError(-1, message, status, null);
    }
    const message = deps.ui.codeMessage?.(envelope.code, envelope.data) ?? envelope.msg;
    const outcome = classifyCode(envelope.code, message, deps.fallbackMessage());
    if (outcome.kind === 'ok') return envelope.data;
    // An ended session is renewed over the screen and the request sent again: what the member
    // typed or was doing carries on (src/features/session/).
    const renewal =
      outcome.kind === 'error' && outcome.logout && !quiet && !noRenewal ? deps.ui.renewSession?.(envelope.code) : null;
    if (renewal && (await renewal)) return request<T>(method, path, body, { ...opts, noRenewal: true });
    if (outcome.kind === 'change-password') {
      if (!quiet && deps.sessionEpoch?.() === epoch) deps.ui.passwordChangeRequired?.();
    } else if (!quiet && !(staleHandled && isStale(envelope.data))) {
      deps.ui.error(outcome.message, ERROR_TOAST_MS);
      // Declined in the renewal dialog: no second dialog.
      if (outcome.logout && !renewal) deps.ui.confirmLogout();
    }
    throw new ApiError(envelope.code, outcome.message, status, envelope.data);
  }

  return {
    get: <T>(path: string, opts?: RequestOptions) => request<T>('GET', path, undefined, opts),
    post: <T>(path: string, body?: unknown, opts?: RequestOptions) => request<T>('POST', path, body, opts),
    put: <T>(path: string, body?: unknown, opts?: RequestOptions) => request<T>('PUT', path, body, opts),
    delete: <T>(path: string, opts?: RequestOptions) => request<T>('DELETE', path, undefined, opts),
  };
}

export type Http = ReturnType<typeof createHttp>;

/** A 409's data says the version sent was stale (rather than a rule's refusal). */
export const isStale = (data: unknown) => (data as { reason?: { code?: unknown } } | null)?.reason?.code === 'stale';

function isAbort(e: unknown): boolean {
  const cause = e instanceof FetchError ? (e.cause as { name?: string } | undefined) : undefined;
  return (e as { name?: string } | null)?.name === 'AbortError' || cause?.name === 'AbortError';
}

function networkMessage(e: unknown, fallback: string): string {
  if (e instanceof FetchError) {
    const cause = e.cause as { message?: string } | undefined;
    return cause?.message || e.message || fallback;
  }
  return e instanceof Error ? e.message : fallback;
}
