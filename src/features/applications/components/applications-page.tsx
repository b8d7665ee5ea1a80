import { useMemo, useState } from 'react';
import { ResourcePage } from '../../../components/resource/resource-page';
import type { ResourceDef } from '../../../components/resource/types';
import type { Apply } from '../../../contract/apply';
import type { Transition } from '../model';
import { applyResource } from '../resource';
import { TransitionButtons } from './transition-buttons';
import { TransitionModal } from './transition-modal';

/** /users/apply: borrow requests, approved, rejected and returned from their rows. */
export function ApplicationsPage() {
  const [picked, setPicked] = useState<{ row: Apply; transition: Transition } | null>(null);
  const resource = useMemo<ResourceDef<Apply>>(
    () => ({
      ...applyResource,
      rowActions: (row) => <TransitionButtons row={row} onPick={(transition) => setPicked({ row, transition })} />,
    }),
    [],
  );
  return (
    <>
      <ResourcePage resource={resource} />
      {picked && <TransitionModal {...picked} onClose={() => setPicked(null)} />}
    </>
  );
}
