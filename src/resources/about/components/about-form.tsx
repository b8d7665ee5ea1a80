import { Group } from '@mantine/core';
import { ConflictView } from '../../../components/resource/form/conflict-view';
import { FormFields } from '../../../components/resource/form/form-field';
import { useResourceForm } from '../../../components/resource/form/use-resource-form';
import { aboutScreen } from '../resource';
import type { About } from '../schema';
import { SaveButtons } from './save-buttons';

const def = aboutScreen.form;
const empty = def.toValues();

interface Props {
  company: About;
  /** The record as the server has it now (the conflict comparison). */
  findLatest: () => Promise<About | undefined>;
  onSaved: () => void;
}

/**
 * The company record, edited in place with the shared form machinery: validation as you type,
 * server field errors under their fields, and a stale version (someone saved meanwhile) shown as
 * the conflict comparison, never overwritten. The parent remounts it per saved version.
 */
export function AboutForm({ company, findLatest, onSaved }: Props) {
  const { form, conflictView, submit } = useResourceForm(aboutScreen, company, onSaved, findLatest);

  if (conflictView) return <ConflictView {...conflictView} />;

  return (
    <form onSubmit={submit} noValidate data-testid="company-form">
      <FormFields fields={def.fields} form={form} empty={empty} editing />
      <Group justify="flex-end" mt="lg">
        <SaveButtons saving={form.submitting} dirty={form.isDirty()} reset={form.reset} testId="company-save" />
      </Group>
    </form>
  );
}
