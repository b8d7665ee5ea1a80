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
  return useDeferredValue(last.current);
}

function sameItems(a: readonly unknown[] | undefined, b: readonly unknown[] | undefined): boolean {
  if (a === b) return true;
  if (!a || !b || a.length !== b.length) return false;
  return a.every((item, i) => item === b[i]);
}
