import { Outlet, useRouterState } from '@tanstack/react-router';
import { type ReactNode, startTransition, useEffect, useState } from 'react';

/**
 * The router tells React about a new screen through an external store, which React renders in one
 * uninterruptible task: at start-up that was the console's frame and the whole first screen at
 * once (over a second of main thread on a phone). Both are therefore mounted in transitions, one
 * after the other: React builds each in slices of a few milliseconds, the page stays responsive
 * while it starts, and the frame is painted before the screen. `InTransition` waits only on its
 * first mount (the frame stays); the screens opened later are {@link ScreenOutlet}'s.
 */
export function InTransition({ children, fallback = null }: { children: ReactNode; fallback?: ReactNode }) {
  const [shown, setShown] = useState(false);
  useEffect(() => {
    startTransition(() => setShown(true));
  }, []);
  return shown ? children : fallback;
}

/**
 * The console's outlet. Its first screen mounts in a transition after the frame, and so does every
 * screen the user opens later (a new address path; a list's filters and pages stay in place): a
 * menu click otherwise rendered the whole new screen inside the click's task, 60-100 ms on a
 * desktop and more while an upload or anything else shares the cores. Built in slices, the page
 * answers input meanwhile; the old screen goes at once and the new one shows when it is built.
 * While a screen's code is still on its way the router's matches are the old screen's: the outlet
 * stays empty rather than bring the old screen back under the new address.
 */
export function ScreenOutlet() {
  const path = useRouterState({ select: (s) => s.location.pathname });
  const matched = useRouterState({ select: (s) => s.matches.at(-1)?.pathname });
  const [shown, setShown] = useState<string | null>(null);
  useEffect(() => {
    startTransition(() => setShown(path));
  }, [path]);
  return shown === path && matched === path ? <Outlet /> : null;
}
