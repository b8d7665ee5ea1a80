import { useLingui } from '@lingui/react/macro';
import { IconUsers } from '@tabler/icons-react';
import { useEffect } from 'react';
import { useSnapshot } from 'valtio';
import { PRESENCE_REFRESH_MS, type PresenceEditor } from '../contract/events';
import { http } from '../lib/api';
import { TAB_ID } from '../lib/events';
import { liveStore, presenceKey } from '../stores/live';
import { FormNotice } from './form-notice';

/**
 * Inside an edit form: tells the others this tab has the record open (again every
 * PRESENCE_REFRESH_MS, and "closed" on unmount), and shows who else has it open, before anyone
 * saves into a conflict.
 */
export function LivePresence({ resource, id }: { resource: string; id: number }) {
  const { t } = useLingui();
  const key = presenceKey(resource, id);
  useEffect(() => {
    let open = true;
    const send = (editing: boolean) =>
      http
        .post<{ editors: PresenceEditor[] }>('/presence', { resource, id, clientId: TAB_ID, editing }, { quiet: true })
        .then((res) => {
          // The answer knows who was there before the stream said so (opened on another instance).
          if (open && editing && res.editors.length > 0) liveStore.presence[key] = res.editors;
        })
        // Offline or refused: presence is a courtesy, the version check still guards the save.
        .catch(() => undefined);
    void send(true);
    const timer = setInterval(() => void send(true), PRESENCE_REFRESH_MS);
    return () => {
      open = false;
      clearInterval(timer);
      void send(false);
    };
  }, [resource, id, key]);

  const snap = useSnapshot(liveStore);
  const others = (snap.presence[key] ?? []).filter((e) => e.clientId !== TAB_ID);
  if (others.length === 0) return null;
  const names = [...new Set(others.map((e) => e.name))].join(', ');
  return (
    <FormNotice color="yellow" icon={IconUsers} data-testid="form-presence">
      {t`${names} is editing this record`}
    </FormNotice>
  );
}
