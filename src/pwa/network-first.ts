/**
 * Network first with a timeout (the service worker's list strategy), pure so it can be tested:
 * the network's answer if it comes within `timeoutMs`; else the fallback (the cached answer) if
 * there is one, else whatever the network brings; a network failure also falls back, and is
 * thrown only when there is nothing to fall back to.
 */
export async function networkFirst<T>(
  network: Promise<T>,
  fallback: () => Promise<T | undefined>,
  timeoutMs: number,
): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<typeof TIMEOUT>((resolve) => {
    timer = setTimeout(() => resolve(TIMEOUT), timeoutMs);
  });
  try {
    const first = await Promise.race([network, timeout]);
    if (first !== TIMEOUT) return first;
    return (await fallback()) ?? (await network);
  } catch (error) {
    const cached = await fallback();
    if (cached !== undefined) return cached;
    throw error;
  } finally {
    clearTimeout(timer);
  }
}

const TIMEOUT = Symbol('timeout');
