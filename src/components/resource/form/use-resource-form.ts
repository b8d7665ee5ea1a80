import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useEffect, useRef, useState } from 'react';
import { useSnapshot } from 'valtio';
import type { RecordMeta } from '../../../contract/common';
import { Code } from '../../../contract/envelope';
import { ApiError, ERROR_TOAST_MS, isStale, NetworkError } from '../../../lib/http';
import { deleteDraft, draftKey, flushDrafts, saveDraft } from '../../../lib/offline/drafts';
import { dropWrite, enqueueWrite, pendingStore, refusalText } from '../../../lib/offline/pending-writes';
import { currentUserKey } from '../../../lib/offline/session-cache';
import { translateFieldErrors, zodResolver } from '../../../lib/zod-form';
import { notifySuccess } from '../../notify';
import type { FormDef, FormValues, ResourceScreen } from '../types';
import { formValuesMoved } from './form-diff';
import { useSchemas } from './form-schemas';
import { useCreateRecord, useUpdateRecord } from './use-resource-mutations';

type WithForm<T extends RecordMeta, V extends FormValues> = ResourceScreen<T, V> & { form: FormDef<T, V> };

/** A form reopened from a draft (after a reload) or from a write saved offline. */
export interface FormResume<V extends FormValues> {
  values: V;
  /** The queued write of this form, if it was saved offline. */
  pendingId?: string;
}

/** A refusal the http client left to the form to tell (a queued write's, a stale version's). */
const showError = (message: string) =>
  notifications.show({ color: 'red', message, autoClose: ERROR_TOAST_MS, withBorder: true });

/** Saves sent at most for one submit while the record moves on in what the form leaves alone. */
const SAVE_TRIES = 4;

/**
 * The form state of one create or edit: validation from the contract schema as the user types,
 * server field errors under their fields, and a stale-version 409 reported as a conflict (never
 * retried, never overwritten). Offline, a save is queued (sent when the network is back) and the
 * form stays open; the input is kept as a draft in IndexedDB, so a reload does not lose it.
 */
export function useResourceForm<T extends RecordMeta, V extends FormValues>(
  resource: WithForm<T, V>,
  row: T | undefined,
  onSaved: () => void,
  /** The record as it is now; tells a stale version from a rule's refusal when a 409 lacks it. */
  findLatest?: (id: number) => Promise<T | undefined>,
  resume?: FormResume<V>,
) {
  const { i18n } = useLingui();
  const def = resource.form;
  // Suspends until a loaded form's schemas are there (ResourcePage starts loading them on open).
  const schemas = useSchemas(def.schemas);
  const path = resource.api.path;
  // The version this edit is based on; "take theirs" in the conflict view moves it forward.
  const [base, setBase] = useState(row);
  // A stale-version 409; `current` is the server's latest version when it sends one.
  const [conflict, setConflict] = useState<{ current?: T } | null>(null);
  // The queued write while the user is offline.
  const [pendingId, setPendingId] = useState(resume?.pendingId);
  const user = useRef('');
  // Offline the save is kept on this device and the form says so: no red "You are offline" too.
  const create = useCreateRecord(resource.api, { keptOffline: true });
  const update = useUpdateRecord(resource.api, { keptOffline: true, staleHandled: true });
  const pending = useSnapshot(pendingStore);

  const key = () => draftKey(user.current, path, row?.id);
  // Saved or discarded: no draft may be written after that (a late session key, a pending debounce).
  const closed = useRef(false);
  const keepDraft = (values: V, pid = pendingId) => {
    const save = (who: string) => {
      if (!who || closed.current) return;
      saveDraft({
        key: draftKey(who, path, row?.id),
        user: who,
        path,
        recordId: row?.id,
        row: base,
        values,
        pendingId: pid,
        savedAt: Date.now(),
      });
    };
    // The session key is computed asynchronously when the form opens: input typed (or pasted)
    // before it is known is kept too.
    if (user.current) save(user.current);
    else
      void currentUserKey().then((who) => {
        user.current = who;
        save(who);
      });
  };

  const form = useForm<V>({
    mode: 'controlled',
    initialValues: def.toValues(row),
    validateInputOnChange: true,
    validate: row
      ? zodResolver<V>(schemas.update, (v) => ({ ...v, id: row.id, version: row.version }))
      : zodResolver<V>(schemas.create),
    onValuesChange: (values) => keepDraft(values),
  });

  // biome-ignore lint/correctness/useExhaustiveDependencies: once, when the form opens
  useEffect(() => {
    void currentUserKey().then((u) => {
      user.current = u;
    });
    if (resume) form.setValues(resume.values);
    // Leaving the page with the form open (another tab, a link) writes its draft at once, so the
    // page finds it when the user comes back, however soon.
    return () => {
      void flushDrafts();
    };
  }, []);

  const finish = () => {
    closed.current = true;
    form.resetDirty();
    void deleteDraft(key());
    notifySuccess(i18n._(msg`Saved`));
    onSaved();
  };

  // The queued write was sent (close as after a save), or refused (show why, keep the input).
  // biome-ignore lint/correctness/useExhaustiveDependencies: reacts to the queue only
  useEffect(() => {
    if (!pendingId) return;
    if (pending.sent.includes(pendingId)) {
      setPendingId(undefined);
      finish();
      return;
    }
    const w = pending.writes.find((x) => x.id === pendingId);
    if (!w || w.state === 'pending') return;
    setPendingId(undefined);
    void dropWrite(w.id);
    if (w.state === 'conflict' && base) setConflict({ current: w.current as T });
    else {
      const fieldErrors = translateFieldErrors(w.fieldErrors ?? {});
      if (Object.keys(fieldErrors).length > 0) form.setErrors(fieldErrors);
      showError(refusalText(w));
    }
    keepDraft(form.getValues(), undefined);
  }, [pending.sent, pending.writes, pendingId]);

  /** Offline: keep the write for later, in order, and keep the form open with its input. */
  const queue = async (values: V, body: unknown) => {
    if (!user.current) user.current = await currentUserKey();
    // Saved again: a new write (and Idempotency-Key) in the old one's place, keeping its turn; a
    // key names one body, or a server that saw the first would answer the second with its reply.
    const id = crypto.randomUUID();
    const existing = pendingStore.writes.find((w) => w.id === pendingId);
    if (existing) await dropWrite(existing.id);
    await enqueueWrite({
      id,
      user: user.current,
      path,
      method: base ? 'PUT' : 'POST',
      body,
      recordId: base?.id,
      row: base,
      values,
      title: base ? `${i18n._(resource.labels.edit)}: ${resource.recordTitle(base)}` : i18n._(resource.labels.create),
      draftKey: key(),
      createdAt: existing?.createdAt,
    });
    setPendingId(id);
    keepDraft(values, id);
    await flushDrafts();
  };

  /**
   * Saves on top of `on` (the version this edit is based on). A stale version whose newer copy
   * changed none of the form's values (the server moved on elsewhere: a video's processing, a
   * book's stock) is no conflict for the user: the save goes again on top of it (a few times, as
   * processing moves through its steps within moments).
   */
  const save = async (values: V, on = base, tries = SAVE_TRIES): Promise<void> => {
    let body: unknown;
    try {
      if (on) {
        body = schemas.update.parse({ ...values, id: on.id, version: on.version });
        await update.mutateAsync(body);
      } else {
        body = schemas.create.parse(values);
        await create.mutateAsync(body);
      }
    } catch (e) {
      if (e instanceof NetworkError) return queue(values, body);
      if (!(e instanceof ApiError)) return;
      const fieldErrors = translateFieldErrors(e.fieldErrors);
      // A duplicate unique value is a 409 too, but it names its field: show it there.
      if (Object.keys(fieldErrors).length > 0) form.setErrors(fieldErrors);
      else if (e.code === Code.Conflict && on) {
        let current = (e.data as { current?: T } | null)?.current;
        if (!current && findLatest) {
          // A 409 without the record is a rule's refusal (an admin demoting themselves), already
          // toasted, unless the record really moved on (a stale version lost in a race).
          const latest = await findLatest(on.id).catch(() => undefined);
          if (!latest || latest.version === on.version) {
            if (isStale(e.data)) showError(e.message);
            return;
          }
          current = latest;
        }
        if (current && tries > 1 && !formValuesMoved(def.toValues(on), def.toValues(current))) {
          setBase(current);
          return save(values, current, tries - 1);
        }
        setConflict({ current });
      }
      return;
    }
    if (pendingId) {
      // Saved directly after all (back online): the queued copy must not be sent again.
      await dropWrite(pendingId);
      setPendingId(undefined);
    }
    finish();
  };

  /** Continue editing on top of `latest` with these values; dirty = they differ from `latest`. */
  const rebase = (latest: T, values: V) => {
    setBase(latest);
    setConflict(null);
    form.resetDirty(def.toValues(latest));
    form.setValues(values);
  };

  return {
    form,
    /**
     * After a stale-version 409, what the conflict comparison (conflict-view.tsx) shows and does:
     * the values this edit started from, the user's, the latest version and the way back; else null.
     */
    conflictView:
      conflict && base
        ? {
            fields: def.fields,
            original: def.toValues(base),
            mine: form.getValues(),
            toValues: (r: T) => def.toValues(r),
            latest: conflict.current,
            loadLatest: async () => findLatest?.(base.id),
            onRebase: rebase,
            onBack: () => setConflict(null),
          }
        : null,
    /** The save is queued until the network is back (the write's id). */
    pendingId,
    /** The form closes without saving: its draft goes (a queued write stays queued). */
    discardDraft: () => {
      closed.current = true;
      return deleteDraft(key());
    },
    submit: form.onSubmit((values) => save(values)),
  };
}
