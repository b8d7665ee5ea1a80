import { useMemo } from 'react';

/**
 * Each label's width in px as a chart draws it (the page's font, which the SVG inherits, at
 * `fontSize`): a canvas measures text as the SVG lays it out, without drawing it first.
 */
export function useLabelWidths(labels: readonly string[], fontSize: number): number[] {
  const key = labels.join('\n');
  // biome-ignore lint/correctness/useExhaustiveDependencies: the labels' text is what matters, not the array's identity
  return useMemo(() => {
    const ctx = typeof document === 'undefined' ? null : document.createElement('canvas').getContext('2d');
    // Not measurable: as wide as a full-width glyph each, which no label is wider than.
    if (!ctx) return labels.map((l) => l.length * fontSize);
    ctx.font = `${fontSize}px ${getComputedStyle(document.body).fontFamily}`;
    return labels.map((l) => ctx.measureText(l).width);
  }, [key, fontSize]);
}
