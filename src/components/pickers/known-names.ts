import type { QueryClient } from '@tanstack/react-query';

/**
 * A referenced record's name as the console already holds it beside a record that points to it:
 * the server joins it into every row (a book's `categoryId` comes with `categoryName`, its
 * `subclassId` with `subclassName`). A picker whose own list cannot be loaded (offline, a list
 * never read on this device) still shows the record's value by its name, not as an empty field.
 *
 * Pure over what the queries hold: each query's data is a record, a page (`items`) or a list.
 */
export function knownName(
  queries: readonly unknown[],
  /** The fields that must match, e.g. `{ subclassId: 7, categoryId: 3 }`. */
  match: Record<string, unknown>,
  /** The field holding the name, e.g. `subclassName`. */
  nameField: string,
): string | undefined {
  const wanted = Object.entries(match);
  const fits = (row: unknown): row is Record<string, unknown> =>
    typeof row === 'object' && row !== null && wanted.every(([k, v]) => (row as Record<string, unknown>)[k] === v);
  for (const data of queries) {
    const items = Array.isArray(data)
      ? data
      : Array.isArray((data as { items?: unknown } | null)?.items)
        ? (data as { items: unknown[] }).items
        : [data];
    for (const row of items) {
      if (!fits(row)) continue;
      const name = row[nameField];
      if (typeof name === 'string' && name) return name;
    }
  }
  return undefined;
}

/** {@link knownName} over every query of the query client. */
export const knownNameIn = (queryClient: QueryClient, match: Record<string, unknown>, nameField: string) =>
  knownName(
    queryClient
      .getQueryCache()
      .getAll()
      .map((q) => q.state.data),
    match,
    nameField,
  );
