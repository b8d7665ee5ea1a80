import { useDeferredValue, useRef } from 'react';

/**
 * The rows a table draws, one step behind the data. React Query hands new data to React through
 * an external store, which React renders in one task it cannot interrupt: a page of rows arriving
 * was 200–700 ms of main thread on a phone. Through a deferred value the urgent render keeps what
 * is on screen (the placeholder rows, or the previous page) and the new rows are built in a
 * background render that React cuts into slices and drops if newer data comes first.
 *
 * The list filters its data on every render (a new array each time): an array with the same items
 * in the same order keeps the previous identity, or every render would start another background
 * pass.
 */
export function useDeferredRows<R extends readonly unknown[]>(rows: R | undefined): R | undefined {
  const last = useRef(rows);
  if (!sameItems(last.current, rows)) last.current = rows;
  // Rows already there when the table mounts (the boot script's early answer, or cached data) come
  // in a second, deferred render too: the screen commits with its placeholder rows first.
  const shown = useDeferredValue<R | undefined | null>(last.current, null);
  return shown === null ? undefined : shown;
}

function sameItems(a: readonly unknown[] | undefined, b: readonly unknown[] | undefined): boolean {
  if (a === b) return true;
  if (!a || !b || a.length !== b.length) return false;
  return a.every((item, i) => item === b[i]);
}
