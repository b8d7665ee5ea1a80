import { useSnapshot } from 'valtio';
import { enqueueWrite, type PendingWrite, pendingStore } from './pending-writes';
import { currentUserKey } from './session-cache';

/**
 * A row's action done offline (approve, reject or return an application; reply to a message): kept
 * on this device as a pending write and sent when the network is back, by the service worker even
 * with no window open. The server judges it when it arrives (the stock rule, a newer version):
 * a refusal is kept for the member to review in the list, never forced.
 */
export async function queueDeskWrite(w: {
  path: string;
  body: unknown;
  recordId: number;
  row: unknown;
  title: string;
}): Promise<PendingWrite> {
  return enqueueWrite({
    ...w,
    id: crypto.randomUUID(),
    user: await currentUserKey(),
    method: 'PUT',
    values: {},
    draftKey: '',
    kind: 'desk',
  });
}

/** The desk write waiting (or refused) for one record, if any: its row shows it instead of the actions. */
export function usePendingFor(path: string, recordId: number): PendingWrite | undefined {
  const { writes } = useSnapshot(pendingStore);
  return writes.find((w) => w.path === path && w.recordId === recordId && w.kind === 'desk') as
    | PendingWrite
    | undefined;
}
