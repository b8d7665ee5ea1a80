/**
 * Answers the page asked for before the console's code arrived (public/console-boot.js starts the
 * session check while the entry is still downloading). The http client's fetch takes such an
 * answer once, for the same method and URL, instead of asking the server again; anything else, and
 * anything asked after the start-up, goes to the network as usual.
 */
export type EarlyAnswers = Record<string, Promise<Response> | undefined>;

declare global {
  interface Window {
    __lecternEarly?: EarlyAnswers;
  }
}

/** An early answer is for the start-up only: later the data may have changed. */
export const EARLY_ANSWER_MAX_AGE_MS = 30_000;

/**
 * "GET /prod-api/auth/info?token=…" with the URL resolved and its query in one spelling; a request
 * with a body (a list's first page) has it after the URL: "POST /prod-api/book/page {…}".
 */
export function earlyKey(method: string, url: string, base: string, body = ''): string {
  const u = new URL(url, base);
  const key = `${method.toUpperCase()} ${u.origin}${u.pathname}?${new URLSearchParams(u.search).toString()}`;
  return body ? `${key} ${body}` : key;
}

/** A stored key ("METHOD URL[ BODY]") spelt as {@link earlyKey} spells it. */
function normalKey(key: string, base: string): string {
  const [method = '', url = '', ...body] = key.split(' ');
  return earlyKey(method, url, base, body.join(' '));
}

/** The early answer for this request, if any (once: the entry is deleted). */
export function takeEarlyAnswer(
  method: string,
  url: string,
  answers: EarlyAnswers | undefined = globalThis.window?.__lecternEarly,
  now = performance.now(),
  base = globalThis.location?.href ?? 'http://localhost/',
  body = '',
): Promise<Response> | undefined {
  if (!answers || now > EARLY_ANSWER_MAX_AGE_MS) return undefined;
  const wanted = earlyKey(method, url, base, body);
  for (const [key, answer] of Object.entries(answers)) {
    if (normalKey(key, base) !== wanted) continue;
    delete answers[key];
    return answer;
  }
  return undefined;
}

/**
 * Forgets every answer not taken yet: they were asked for the screen the address named, and the
 * session may since have changed (the password changed) or the console gone elsewhere (the change
 * page), so the next visit to that screen asks the server again.
 */
export function dropEarlyAnswers(answers: EarlyAnswers | undefined = globalThis.window?.__lecternEarly): void {
  if (!answers) return;
  for (const key of Object.keys(answers)) delete answers[key];
}

/** `fetch`, but a request the boot script already made gets its answer (or, had it failed, is asked again). */
export const fetchWithEarlyAnswers: typeof fetch = (input, init) => {
  const method = init?.method ?? (input instanceof Request ? input.method : 'GET');
  const url = typeof input === 'string' ? input : input instanceof URL ? input.href : undefined;
  const body = typeof init?.body === 'string' ? init.body : '';
  const early =
    url && (body || !init?.body) ? takeEarlyAnswer(method, url, undefined, undefined, undefined, body) : undefined;
  return early ? early.catch(() => fetch(input, init)) : fetch(input, init);
};
