import { useMediaQuery } from '@mantine/hooks';

/**
 * Narrower than Mantine's `sm` (48em, 768 px: a phone, upright or across): lists draw cards
 * instead of a table, filters wait in a drawer, New floats at the bottom and forms fill the screen.
 * Read before the first paint, so a phone never draws the table first.
 */
export const PHONE_QUERY = '(max-width: 47.99em)';

export function usePhone(): boolean {
  return useMediaQuery(PHONE_QUERY, false, { getInitialValueInEffect: false });
}
