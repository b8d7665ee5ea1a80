import { useMediaQuery } from '@mantine/hooks';
import { useEffect } from 'react';
import { closeSidebar, MOBILE_BREAKPOINT, setDevice } from '../../stores/app';

/** Under 992 px the console counts as mobile and the sidebar closes by itself (docs/product.md §2). */
export function useDevice(): void {
  const mobile = useMediaQuery(`(max-width: ${MOBILE_BREAKPOINT - 1}px)`, false, { getInitialValueInEffect: false });
  useEffect(() => {
    setDevice(mobile ? 'mobile' : 'desktop');
    if (mobile) closeSidebar(true);
  }, [mobile]);
}
