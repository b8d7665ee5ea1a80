import { useState } from 'react';

const NONE: ReadonlySet<number> = new Set();

/**
 * Selected row ids, scoped to one list request (`scope`): another page, filter or sort starts
 * with nothing selected, so a bulk delete never hits rows the user cannot see.
 */
export function useSelection(scope: string) {
  const [state, setState] = useState<{ scope: string; ids: ReadonlySet<number> }>({ scope, ids: NONE });
  const selected = state.scope === scope ? state.ids : NONE;
  const select = (ids: number[], on: boolean) => {
    const next = new Set(selected);
    for (const id of ids) {
      if (on) next.add(id);
      else next.delete(id);
    }
    setState({ scope, ids: next });
  };
  const clear = () => setState({ scope, ids: NONE });
  return { selected, select, clear };
}
