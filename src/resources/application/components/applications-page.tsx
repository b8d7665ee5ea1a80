import { Suspense, useMemo, useState } from 'react';
import { ResourcePage } from '../../../components/resource/list/resource-page';
import type { ResourceScreen } from '../../../components/resource/types';
import { LoanScan } from '../../../features/scan/loan-scan';
import { lazy } from '../../../lib/lazy';
import type { Transition } from '../model';
import { applicationScreen } from '../resource';
import type { Application } from '../schema';
import { TransitionButtons } from './transition-buttons';

// The dialog (its modal and text area code) loads when a transition is first picked.
const TransitionModal = lazy(() => import('./transition-modal').then((m) => ({ default: m.TransitionModal })));

/** /users/apply: borrow requests, approved, rejected and returned from their rows. */
export function ApplicationsPage() {
  const [picked, setPicked] = useState<{ row: Application; transition: Transition } | null>(null);
  const resource = useMemo<ResourceScreen<Application>>(
    () => ({
      ...applicationScreen,
      // Offline, a transition is kept on this device and sent when the network is back.
      rowActionsOffline: true,
      rowActions: (row) => <TransitionButtons row={row} onPick={(transition) => setPicked({ row, transition })} />,
    }),
    [],
  );
  return (
    <>
      <LoanScan />
      <ResourcePage resource={resource} />
      {picked && (
        <Suspense fallback={null}>
          <TransitionModal {...picked} onClose={() => setPicked(null)} />
        </Suspense>
      )}
    </>
  );
}
