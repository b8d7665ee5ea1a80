import { Trans } from '@lingui/react/macro';
import { Button, Group, SimpleGrid } from '@mantine/core';
import { confirmDiscard } from '../../../components/confirm';
import { ConflictView } from '../../../components/resource/conflict-view';
import { FormField } from '../../../components/resource/form-field';
import { useResourceForm } from '../../../components/resource/use-resource-form';
import { companyResource } from '../resource';
import type { Company } from '../schema';

const def = companyResource.form;
const empty = def.toValues();

interface Props {
  company: Company;
  /** The record as the server has it now (the conflict comparison). */
  findLatest: () => Promise<Company | undefined>;
  onSaved: () => void;
}

/**
 * The company record, edited in place with the shared form machinery: validation as you type,
 * server field errors under their fields, and a stale version (someone saved meanwhile) shown as
 * the conflict comparison, never overwritten. The parent remounts it per saved version.
 */
export function CompanyForm({ company, findLatest, onSaved }: Props) {
  const { form, base, conflict, closeConflict, rebase, submit } = useResourceForm(
    companyResource,
    company,
    onSaved,
    findLatest,
  );

  if (conflict && base) {
    return (
      <ConflictView
        fields={def.fields}
        original={def.toValues(base)}
        mine={form.getValues()}
        toValues={(r: Company) => def.toValues(r)}
        latest={conflict.current}
        loadLatest={findLatest}
        onRebase={rebase}
        onBack={closeConflict}
      />
    );
  }

  return (
    <form onSubmit={submit} noValidate data-testid="company-form">
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="sm">
        {def.fields.map((field) => (
          <div
            key={field.name}
            style={{ gridColumn: (field.span ?? (field.kind === 'textarea' ? 2 : 1)) === 2 ? '1 / -1' : undefined }}
          >
            <FormField field={field} form={form} empty={empty} editing />
          </div>
        ))}
      </SimpleGrid>
      <Group justify="flex-end" mt="lg">
        <Button
          variant="default"
          onClick={() => confirmDiscard(() => form.reset())}
          disabled={form.submitting || !form.isDirty()}
        >
          <Trans>Reset</Trans>
        </Button>
        <Button
          type="submit"
          loading={form.submitting}
          disabled={form.submitting || !form.isDirty()}
          data-testid="company-save"
        >
          <Trans>Save</Trans>
        </Button>
      </Group>
    </form>
  );
}
