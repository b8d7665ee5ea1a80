import { type ParsedLocation, useRouter } from '@tanstack/react-router';
import { createContext, type ReactNode, startTransition, use, useEffect, useState } from 'react';

/**
 * The address the frame shows: the menu's current item, the tabs, the breadcrumb, the page title.
 * The router tells React of a navigation through an external store, which React renders inside the
 * click's task for everything that reads it. The new screen is already built in a transition
 * (layout/first-screen.tsx); with this, so are the parts of the frame that follow the address: the
 * click commits only what must change at once (the old screen leaving, the links' own state), and
 * the menu, tabs and breadcrumb change with the new screen.
 */
const Shown = createContext<ParsedLocation | null>(null);

export function ShownLocationProvider({ children }: { children: ReactNode }) {
  const router = useRouter();
  const [location, setLocation] = useState(() => router.state.location);
  useEffect(() => {
    const follow = () => startTransition(() => setLocation(router.state.location));
    // A navigation finished between the first render and this effect is not missed.
    follow();
    return router.subscribe('onResolved', follow);
  }, [router]);
  return <Shown value={location}>{children}</Shown>;
}

/** The location the frame shows (see {@link ShownLocationProvider}). */
export function useShownLocation(): ParsedLocation {
  const location = use(Shown);
  if (!location) throw new Error('useShownLocation is used outside ShownLocationProvider');
  return location;
}
