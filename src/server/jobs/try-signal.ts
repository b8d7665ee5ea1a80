/**
 * The signal a try runs under: aborted when the runner stops or when the try passes its timeout.
 * Built from a plain controller and a timer rather than `AbortSignal.any` / `AbortSignal.timeout`:
 * on Node 20 those hold their signals weakly, and a composite signal no one else references can
 * be collected before it fires, so a try past its timeout was, now and then, never stopped.
 */
export function trySignal(
  stopping: AbortSignal,
  timeoutMs: number,
): { signal: AbortSignal; timedOut: () => boolean; end: () => void } {
  const ac = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    ac.abort(new Error(`past its ${timeoutMs / 1000} s timeout`));
  }, timeoutMs);
  const stop = () => ac.abort(stopping.reason);
  if (stopping.aborted) stop();
  else stopping.addEventListener('abort', stop, { once: true });
  return {
    signal: ac.signal,
    timedOut: () => timedOut,
    end: () => {
      clearTimeout(timer);
      stopping.removeEventListener('abort', stop);
    },
  };
}
