import { Outlet } from '@tanstack/react-router';
import { startTransition, useEffect, useState } from 'react';

/**
 * The router tells React about a new screen through an external store, which React renders in one
 * uninterruptible task: at start-up that is the console's frame and the whole first screen at once
 * (over a second of main thread on a phone). The first screen is therefore mounted in a transition
 * after the frame: React builds it in slices of a few milliseconds, the frame is painted first, and
 * the page stays responsive. Later screens render as before (the frame is already there).
 */
export function FirstScreenOutlet() {
  const [shown, setShown] = useState(false);
  useEffect(() => {
    startTransition(() => setShown(true));
  }, []);
  return shown ? <Outlet /> : null;
}
