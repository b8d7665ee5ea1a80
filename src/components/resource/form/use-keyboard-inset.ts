import { useEffect, useState } from 'react';

/**
 * How many pixels of the page's bottom the on-screen keyboard covers, while `active`. Chromium on
 * Android shrinks the page itself (index.html asks for `interactive-widget=resizes-content`), so
 * this is 0 there; Safari on iOS keeps the page's height and lays the keyboard over it, which only
 * the visual viewport tells. A pinch zoom also shrinks the visual viewport: no inset then.
 */
export function useKeyboardInset(active: boolean): number {
  const [inset, setInset] = useState(0);
  useEffect(() => {
    const viewport = window.visualViewport;
    if (!active || !viewport) return;
    const update = () =>
      setInset(
        viewport.scale > 1.01 ? 0 : Math.max(0, Math.round(window.innerHeight - viewport.height - viewport.offsetTop)),
      );
    update();
    viewport.addEventListener('resize', update);
    viewport.addEventListener('scroll', update);
    return () => {
      viewport.removeEventListener('resize', update);
      viewport.removeEventListener('scroll', update);
    };
  }, [active]);
  return inset;
}
