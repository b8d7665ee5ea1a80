/**
 * Which form fields differ between the user's edit and the latest version on the server (the
 * optimistic-concurrency conflict view). Pure.
 */

/** Empty string, null and undefined are one "no value" in a form. */
function normalise(v: unknown): unknown {
  if (v === undefined || v === null || v === '') return null;
  if (typeof v === 'string') return v.trim();
  return v;
}

export function sameValue(a: unknown, b: unknown): boolean {
  const x = normalise(a);
  const y = normalise(b);
  if (Array.isArray(x) && Array.isArray(y)) return x.length === y.length && x.every((v, i) => sameValue(v, y[i]));
  // 12 in one and '12' in the other (a NumberInput mid-edit) are the same value.
  if (typeof x !== typeof y && x !== null && y !== null) return String(x) === String(y);
  return x === y;
}

export interface FieldChange {
  name: string;
  mine: unknown;
  theirs: unknown;
  /** Someone else changed it since the user opened the form (vs. only the user did). */
  changedByThem: boolean;
}

export function diffValues(
  names: readonly string[],
  original: Record<string, unknown>,
  mine: Record<string, unknown>,
  theirs: Record<string, unknown>,
): FieldChange[] {
  return names
    .filter((name) => !sameValue(mine[name], theirs[name]))
    .map((name) => ({
      name,
      mine: mine[name],
      theirs: theirs[name],
      changedByThem: !sameValue(original[name], theirs[name]),
    }));
}

/** Mine on top of theirs: the user's edits re-applied to the latest version. */
export function mergeMine(
  names: readonly string[],
  original: Record<string, unknown>,
  mine: Record<string, unknown>,
  theirs: Record<string, unknown>,
): Record<string, unknown> {
  const merged = { ...theirs };
  for (const name of names) if (!sameValue(original[name], mine[name])) merged[name] = mine[name];
  return merged;
}

/**
 * Someone else changed a value the form writes (any of them, not only the fields drawn) since
 * the user opened it. False when only what the form leaves alone moved on (a video's processing
 * status, a book's stock): then the user's save cannot undo anyone's work.
 */
export function formValuesMoved(original: Record<string, unknown>, theirs: Record<string, unknown>): boolean {
  const names = new Set([...Object.keys(original), ...Object.keys(theirs)]);
  return [...names].some((name) => !sameValue(original[name], theirs[name]));
}
