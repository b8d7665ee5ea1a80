import { useEffect } from 'react';
import { useSnapshot } from 'valtio';
import { appStore, type Size } from '../stores/app';

/**
 * Mantine sizes everything in rem, so the size selector (docs/product.md §2) scales the root font size:
 * one switch that reaches every component.
 */
export const ROOT_FONT_PX: Record<Size, number> = { default: 16, medium: 15, small: 14, mini: 13 };

export function useSizeScale(): void {
  const { size } = useSnapshot(appStore);
  useEffect(() => {
    document.documentElement.style.fontSize = `${ROOT_FONT_PX[size]}px`;
  }, [size]);
}
