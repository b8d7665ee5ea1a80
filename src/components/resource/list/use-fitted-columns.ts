import { type RefObject, useLayoutEffect, useState } from 'react';
import { flushSync } from 'react-dom';

/** What a column without a set width keeps at least: about two short words of a title. */
export const FLEXIBLE_MIN = 160;
/** A cell that overflows whatever its width (a bug elsewhere) must not widen its column forever. */
const MAX_EXTRA = 400;

/**
 * Widens the table's columns to what their cells cannot do without: a status badge, a header
 * (never broken mid-word), a button group, an ISBN. A fixed layout keeps the widths stable while
 * rows load (no layout shift), but the widths set in code are for English: a Spanish badge or a
 * Japanese header is wider. Measured before the browser paints what a render changed, and only
 * ever widened, so nothing is seen to move (a language switch may leave a column wider than it
 * needs).
 *
 * Measured in the next frame's callback, not in the commit: reading a width forces the page's
 * layout, which in the commit made the task that draws a page of rows a long one; in the frame the
 * browser lays the page out once for both the reading and the paint.
 */
export function useFittedColumns(table: RefObject<HTMLTableElement | null>, contents: readonly unknown[]): Fitted {
  const [fitted, setFitted] = useState<Fitted>({ extra: {}, base: {} });
  // When what the cells hold changes (`contents`: the rows, the columns, the language, the
  // density) and after each widening, not after every render: reading every cell's widths forces
  // the table's layout in the same task, which on a phone was a third of drawing a page of rows.
  // biome-ignore lint/correctness/useExhaustiveDependencies: `contents` lists what the DOM read depends on
  useLayoutEffect(() => {
    const el = table.current;
    if (!el) return;
    const frame = requestAnimationFrame(() => measure(el));
    return () => cancelAnimationFrame(frame);
  }, [...contents, fitted]);

  function measure(el: HTMLTableElement) {
    const heads = [...el.querySelectorAll<HTMLTableCellElement>('thead th')];
    // A column is known by its key (`data-col`), so a column dropped for want of room (or a view's
    // choice) does not hand its widening to the next one; by its place when it has none.
    const keyOf = (i: number) => heads[i]?.dataset.col ?? String(i);
    const short: Record<string, number> = {};
    const note = (i: number, px: number) => {
      if (px > 1) short[keyOf(i)] = Math.max(short[keyOf(i)] ?? 0, Math.ceil(px));
    };
    heads.forEach((th, i) => {
      note(i, Math.max(th.scrollWidth - th.clientWidth, headerSpill(th)));
    });
    for (const row of el.querySelectorAll<HTMLTableRowElement>('tbody tr')) {
      [...row.cells].forEach((td, i) => {
        if (td.colSpan > 1) return;
        note(i, td.scrollWidth - td.clientWidth);
        // A badge keeps to its cell and cuts its own label: what the label lacks.
        for (const label of td.querySelectorAll<HTMLElement>('.mantine-Badge-label')) {
          note(i, label.scrollWidth - label.clientWidth);
        }
      });
    }
    const grow = Object.entries(short).filter(([key]) => (fitted.extra[key] ?? 0) < MAX_EXTRA);
    const headOf = new Map(heads.map((th, i) => [keyOf(i), th]));
    if (grow.length === 0) return;
    // Drawn in this same frame, before its paint.
    flushSync(() =>
      setFitted((prev) => {
        const extra = { ...prev.extra };
        const base = { ...prev.base };
        for (const [key, px] of grow) {
          extra[key] = Math.min(MAX_EXTRA, (extra[key] ?? 0) + px);
          base[key] ??= headOf.get(key)?.offsetWidth ?? 0;
        }
        return { extra, base };
      }),
    );
  }
  return fitted;
}

/**
 * How far a header's content runs out of the box it is laid out in, on either side. A right-aligned
 * header (Stock, a number column) that is too wide spills to the left, where `scrollWidth` does
 * not see it: "Existencias" ran 15 px into the column before it while the header measured as
 * fitting. Each element against its parent's content box (a header holds a handful of them).
 */
function headerSpill(th: HTMLTableCellElement): number {
  let most = 0;
  for (const el of th.querySelectorAll('*')) {
    const parent = el.parentElement;
    // An inline parent (a span around a word) has no content box of its own to measure against.
    if (!parent || parent.clientWidth === 0 || !(el instanceof HTMLElement || el instanceof SVGSVGElement)) continue;
    const r = el.getBoundingClientRect();
    if (r.width === 0) continue;
    // Out of the flow (a visually hidden label): not laid out in its parent's box.
    const position = getComputedStyle(el).position;
    if (position === 'absolute' || position === 'fixed') continue;
    const box = parent.getBoundingClientRect();
    const style = getComputedStyle(parent);
    const left = box.left + parent.clientLeft + Number.parseFloat(style.paddingLeft);
    const right = box.left + parent.clientLeft + parent.clientWidth - Number.parseFloat(style.paddingRight);
    most = Math.max(most, left - r.left, r.right - right);
  }
  return most;
}

/**
 * Per column key (or header cell index): the pixels a column was short of (added up over renders),
 * and for a column without a set width, the width it had when it first fell short.
 */
export interface Fitted {
  extra: Record<string, number>;
  base: Record<string, number>;
}

/**
 * Long text in a cell is clamped to a line or two (`lineClamp`): where it is cut, its `title` gives
 * the full text on hover. Screen readers already read all of it (the clamp is only drawn).
 */
export function useClampedTitles(
  table: RefObject<HTMLElement | null>,
  contents: readonly unknown[],
  /** The clamped texts of the list's rows; the cards (resource-cards.tsx) have no tbody. */
  selector = 'tbody [data-line-clamp]',
): void {
  // biome-ignore lint/correctness/useExhaustiveDependencies: `contents` lists what the DOM read depends on
  useLayoutEffect(() => {
    // In the frame too (see useFittedColumns), where the layout is already done.
    const frame = requestAnimationFrame(() => {
      for (const el of table.current?.querySelectorAll<HTMLElement>(selector) ?? []) {
        const cut = el.scrollHeight - el.clientHeight > 1 || el.scrollWidth - el.clientWidth > 1;
        if (cut) el.title = el.textContent ?? '';
        else el.removeAttribute('title');
      }
    });
    return () => cancelAnimationFrame(frame);
  }, [...contents, selector]);
}
