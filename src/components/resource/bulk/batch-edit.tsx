import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { BatchResult } from '../../../contract/import';
import { http } from '../../../lib/api';
import { Select } from '../../floating';
import { notifySuccess } from '../../notify';
import type { FilterValue } from '../list/list-search';
import type { FilterDef } from '../types';

/** Which records a batch edit names: the selected rows with the versions seen, or every match. */
export type BatchScope =
  | { kind: 'ids'; ids: { id: number; version: number }[] }
  | { kind: 'filter'; filter: Record<string, unknown>; total: number };

/**
 * Batch edit: choose the fields to set (empty: left as they are), preview how many records change,
 * apply. The server applies it in one transaction and checks each record's version: records
 * changed by someone else since are reported and left alone.
 */
export default function BatchEdit({
  api: { path, key: queryKey },
  fields,
  scope,
  onClose,
  onApplied,
}: {
  /** Where the batch goes, and the key of the queries it refreshes (its noun's). */
  api: { path: string; key: readonly string[] };
  fields: FilterDef[];
  scope: BatchScope;
  onClose: () => void;
  onApplied: () => void;
}) {
  const { t, i18n } = useLingui();
  const queryClient = useQueryClient();
  const [values, setValues] = useState<Record<string, FilterValue>>({});
  const [preview, setPreview] = useState<{ key: string; result: BatchResult } | undefined>();
  const [applied, setApplied] = useState<BatchResult | undefined>();
  const [busy, setBusy] = useState(false);

  const set = Object.fromEntries(Object.entries(values).filter(([, v]) => v !== undefined && v !== null));
  const key = JSON.stringify(set);
  const target = scope.kind === 'ids' ? { ids: scope.ids } : { filter: scope.filter };
  const count = scope.kind === 'ids' ? scope.ids.length : scope.total;
  const current = preview?.key === key ? preview.result : undefined;

  const change = (field: FilterDef, value: FilterValue) => {
    const next: Record<string, FilterValue> = { ...values, [field.name]: value ?? undefined };
    for (const name of field.clears ?? []) next[name] = undefined;
    setValues(next);
  };

  const send = async (dryRun: boolean) => {
    setBusy(true);
    try {
      const expected = scope.kind === 'filter' ? (current?.matched ?? scope.total) : undefined;
      const result = await http.post<BatchResult>(`/${path}/batch`, { ...target, set, dryRun, expected });
      if (dryRun) setPreview({ key, result });
      else {
        await queryClient.invalidateQueries({ queryKey });
        notifySuccess(t`${plural(result.changed, { one: 'Changed # record', other: 'Changed # records' })}`);
        onApplied();
        if (result.conflicts.length > 0) setApplied(result);
        else onClose();
      }
    } catch {
      // Shown by the http client (a toast); a 409 for a moved filter asks for a new preview.
      setPreview(undefined);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      opened
      onClose={onClose}
      title={t`Batch edit`}
      closeButtonProps={{ 'aria-label': t`Close` }}
      data-testid="batch-dialog"
    >
      <Stack gap="md">
        <Text size="sm" data-testid="batch-scope">
          {scope.kind === 'ids'
            ? t`${plural(count, { one: '# selected record', other: '# selected records' })}`
            : t`${plural(count, { one: 'The # record matching the filter', other: 'All # records matching the filter' })}`}
        </Text>
        {applied ? (
          <Alert color="yellow" data-testid="batch-conflicts">
            {t`${plural(applied.changed, { one: '# changed.', other: '# changed.' })} ${plural(applied.conflicts.length, { one: '# was changed by someone else meanwhile and was left as it is: reload and try again for it.', other: '# were changed by someone else meanwhile and were left as they are: reload and try again for them.' })}`}
          </Alert>
        ) : (
          <>
            <Text size="xs" c="dimmed">
              <Trans>Fields left empty stay as they are.</Trans>
            </Text>
            {fields.map((field) => {
              const label = i18n._(field.label);
              const testId = `batch-${field.name}`;
              return (
                <div key={field.name}>
                  {field.render ? (
                    field.render({
                      value: values[field.name],
                      values,
                      label,
                      ariaLabel: label,
                      testId,
                      onChange: (v) => change(field, v),
                    })
                  ) : (
                    <Select
                      label={label}
                      placeholder={t`Leave as it is`}
                      data-testid={testId}
                      data={(field.options ?? []).map((o) => ({ value: o.value, label: i18n._(o.label) }))}
                      value={values[field.name] === undefined ? null : String(values[field.name])}
                      onChange={(v) => change(field, v ?? undefined)}
                      clearable
                    />
                  )}
                </div>
              );
            })}
            {current && (
              <Alert color={current.conflicts.length > 0 ? 'yellow' : 'blue'} data-testid="batch-preview">
                {t`${current.changed} of ${current.matched} will change; ${current.unchanged} already have these values.`}
                {current.conflicts.length > 0 &&
                  ` ${t`${plural(current.conflicts.length, { one: '# was changed by someone else since you loaded it and will be left as it is.', other: '# were changed by someone else since you loaded them and will be left as they are.' })}`}`}
              </Alert>
            )}
          </>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {applied ? <Trans>Close</Trans> : <Trans>Cancel</Trans>}
          </Button>
          {!applied && (
            <>
              <Button
                variant="light"
                onClick={() => send(true)}
                disabled={Object.keys(set).length === 0}
                loading={busy && !current}
                data-testid="batch-preview-run"
              >
                <Trans>Preview</Trans>
              </Button>
              <Button
                onClick={() => send(false)}
                disabled={!current || current.changed === 0}
                loading={busy && Boolean(current)}
                data-testid="batch-apply"
              >
                {current ? t`Apply to ${current.changed}` : t`Apply`}
              </Button>
            </>
          )}
        </Group>
      </Stack>
    </Modal>
  );
}
