import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import type { RecordMeta } from '../../contract/common';
import { Code } from '../../contract/envelope';
import { ApiError } from '../../lib/http';
import { translateFieldErrors, zodResolver } from '../../lib/zod-form';
import { notifySuccess } from '../notify';
import type { FormDef, FormValues, ResourceDef } from './types';
import { useCreateRecord, useUpdateRecord } from './use-resource-mutations';

type WithForm<T extends RecordMeta, V extends FormValues> = ResourceDef<T, V> & { form: FormDef<T, V> };

/**
 * The form state of one create or edit: validation from the contract schema as the user types,
 * server field errors under their fields, and a stale-version 409 reported as a conflict (never
 * retried, never overwritten).
 */
export function useResourceForm<T extends RecordMeta, V extends FormValues>(
  resource: WithForm<T, V>,
  row: T | undefined,
  onSaved: () => void,
  /** The record as it is now; tells a stale version from a rule's refusal when a 409 lacks it. */
  findLatest?: (id: number) => Promise<T | undefined>,
) {
  const { i18n } = useLingui();
  const def = resource.form;
  // The version this edit is based on; "take theirs" in the conflict view moves it forward.
  const [base, setBase] = useState(row);
  // A stale-version 409; `current` is the server's latest version when it sends one.
  const [conflict, setConflict] = useState<{ current?: T } | null>(null);
  const create = useCreateRecord(resource.api);
  const update = useUpdateRecord(resource.api);

  const form = useForm<V>({
    mode: 'controlled',
    initialValues: def.toValues(row),
    validateInputOnChange: true,
    validate: row
      ? zodResolver<V>(def.updateSchema, (v) => ({ ...v, id: row.id, version: row.version }))
      : zodResolver<V>(def.createSchema),
  });

  const save = async (values: V) => {
    try {
      if (base) {
        await update.mutateAsync(def.updateSchema.parse({ ...values, id: base.id, version: base.version }));
      } else {
        await create.mutateAsync(def.createSchema.parse(values));
      }
    } catch (e) {
      if (!(e instanceof ApiError)) return;
      const fieldErrors = translateFieldErrors(e.fieldErrors);
      // A duplicate unique value is a 409 too, but it names its field: show it there.
      if (Object.keys(fieldErrors).length > 0) form.setErrors(fieldErrors);
      else if (e.code === Code.Conflict && base) {
        const current = (e.data as { current?: T } | null)?.current;
        if (current || !findLatest) {
          setConflict({ current });
          return;
        }
        // A 409 without the record is a rule's refusal (an admin demoting themselves), already
        // toasted, unless the record really moved on (a stale version lost in a race).
        const latest = await findLatest(base.id).catch(() => undefined);
        if (latest && latest.version !== base.version) setConflict({ current: latest });
      }
      return;
    }
    form.resetDirty();
    notifySuccess(i18n._(msg`Saved`));
    onSaved();
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
    base,
    conflict,
    closeConflict: () => setConflict(null),
    rebase,
    submit: form.onSubmit(save),
  };
}
