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

/** "GET /prod-api/auth/info?token=…" with the URL resolved and its query in one spelling. */
export function earlyKey(method: string, url: string, base: string): string {
  const u = new URL(url, base);
  return `${method.toUpperCase()} ${u.origin}${u.pathname}?${new URLSearchParams(u.search).toString()}`;
}

/** The early answer for this request, if any (once: the entry is deleted). */
export function takeEarlyAnswer(
  method: string,
  url: string,
  answers: EarlyAnswers | undefined = globalThis.window?.__lecternEarly,
  now = performance.now(),
  base = globalThis.location?.href ?? 'http://localhost/',
): Promise<Response> | undefined {
  if (!answers || now > EARLY_ANSWER_MAX_AGE_MS) return undefined;
  const wanted = earlyKey(method, url, base);
  for (const [key, answer] of Object.entries(answers)) {
    const space = key.indexOf(' ');
    if (earlyKey(key.slice(0, space), key.slice(space + 1), base) !== wanted) continue;
    delete answers[key];
    return answer;
  }
  return undefined;
}

/** `fetch`, but a request the boot script already made gets its answer (or, had it failed, is asked again). */
export const fetchWithEarlyAnswers: typeof fetch = (input, init) => {
  const method = init?.method ?? (input instanceof Request ? input.method : 'GET');
  const url = typeof input === 'string' ? input : input instanceof URL ? input.href : undefined;
  const early = url ? takeEarlyAnswer(method, url) : undefined;
  return early ? early.catch(() => fetch(input, init)) : fetch(input, init);
};
