import type { Timers } from '../../../src/upload/page-updates';

/** A clock the test moves by hand, with the timers due by then. */
export function manualTimers() {
  let now = 0;
  const due: { at: number; run: () => void }[] = [];
  const timers: Timers = { now: () => now, set: (run, ms) => due.push({ at: now + ms, run }) };
  const advance = (ms: number) => {
    const until = now + ms;
    for (;;) {
      due.sort((a, b) => a.at - b.at);
      const next = due[0];
      if (!next || next.at > until) break;
      due.shift();
      now = next.at;
      next.run();
    }
    now = until;
  };
  return { timers, advance };
}
