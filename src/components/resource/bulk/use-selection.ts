import { useCallback, useState } from 'react';

const NONE: ReadonlySet<number> = new Set();

/**
 * Selected row ids, scoped to one list request (`scope`): another page, filter or sort starts
 * with nothing selected, so a bulk delete never hits rows the user cannot see. `select` and
 * `clear` keep their identity while the scope does (the table's rows are drawn again only when
 * what they are given changes).
 */
export function useSelection(scope: string) {
  const [state, setState] = useState<{ scope: string; ids: ReadonlySet<number> }>({ scope, ids: NONE });
  const selected = state.scope === scope ? state.ids : NONE;
  const select = useCallback(
    (ids: number[], on: boolean) =>
      setState((prev) => {
        const next = new Set(prev.scope === scope ? prev.ids : NONE);
        for (const id of ids) {
          if (on) next.add(id);
          else next.delete(id);
        }
        return { scope, ids: next };
      }),
    [scope],
  );
  const clear = useCallback(() => setState({ scope, ids: NONE }), [scope]);
  return { selected, select, clear };
}
