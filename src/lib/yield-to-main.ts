/**
 * Lets the browser handle what is waiting (input, a frame, network answers) before the caller goes
 * on: the rest of its work becomes a task of its own. `scheduler.yield()` where the browser has it
 * (the rest then runs ahead of other queued tasks), else a zero-delay timer.
 */
export function yieldToMain(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  return scheduler?.yield ? scheduler.yield() : new Promise((resolve) => setTimeout(resolve, 0));
}
