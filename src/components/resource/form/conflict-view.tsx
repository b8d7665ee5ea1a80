import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Button, Group, Stack, Table, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import type { RecordMeta } from '../../../contract/common';
import { formatDay } from '../../format';
import type { FieldDef, FormValues } from '../types';
import { diffValues, mergeMine } from './form-diff';

interface Props<T extends RecordMeta, V extends FormValues> {
  fields: FieldDef<V>[];
  /** Values the user started from, their edit, and how to read a record as form values. */
  original: V;
  mine: V;
  toValues: (row: T) => V;
  /** The latest version, when the 409 carried it; else fetched when the user asks. */
  latest?: T;
  loadLatest: () => Promise<T | undefined>;
  /** Continue editing on top of `latest` with these values. */
  onRebase: (latest: T, values: V) => void;
  onBack: () => void;
}

/**
 * Someone saved this record after the user opened it (409, stale version). Nothing is
 * overwritten: the user compares and chooses whose values to continue from, then saves again.
 */
export function ConflictView<T extends RecordMeta, V extends FormValues>(props: Props<T, V>) {
  const { fields, original, mine } = props;
  const { i18n } = useLingui();
  const [latest, setLatest] = useState<T | null | undefined>(props.latest);
  const [loading, setLoading] = useState(false);
  const names = fields.map((f) => f.name);

  const reload = async () => {
    setLoading(true);
    setLatest((await props.loadLatest().catch(() => undefined)) ?? null);
    setLoading(false);
  };

  const theirs = latest ? props.toValues(latest) : undefined;
  const changes = theirs ? diffValues(names, original, mine, theirs) : [];
  const show = (field: FieldDef<V> | undefined, value: unknown): ReactNode => {
    if (value === undefined || value === null || value === '') return <Text c="dimmed">—</Text>;
    if (field?.renderValue) return field.renderValue(value);
    if (field?.kind === 'date' && typeof value === 'string') return formatDay(value, i18n.locale);
    const option = field?.options?.find((o) => o.value === value);
    return option ? i18n._(option.label) : String(value);
  };

  return (
    <Stack data-testid="conflict-view">
      <Alert
        color="orange"
        icon={<IconAlertTriangle aria-hidden />}
        title={<Trans>This record was changed by someone else</Trans>}
      >
        <Trans>
          It was saved by someone else after you opened it. Your changes have not been saved and nothing was
          overwritten.
        </Trans>
      </Alert>
      {latest === null && (
        <Text c="red" size="sm">
          <Trans>The latest version could not be loaded; it may have been deleted.</Trans>
        </Text>
      )}
      {latest && theirs && (
        <Table withTableBorder data-testid="conflict-diff">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>
                <Trans>Field</Trans>
              </Table.Th>
              <Table.Th>
                <Trans>Your value</Trans>
              </Table.Th>
              <Table.Th>
                <Trans>Latest value</Trans>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {changes.map((c) => {
              const field = fields.find((f) => f.name === c.name);
              return (
                <Table.Tr key={c.name}>
                  <Table.Td fw={500}>{field ? i18n._(field.label) : c.name}</Table.Td>
                  <Table.Td>{show(field, c.mine)}</Table.Td>
                  <Table.Td bg={c.changedByThem ? 'var(--mantine-color-orange-light)' : undefined}>
                    {show(field, c.theirs)}
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      )}
      <Group justify="flex-end">
        <Button variant="default" onClick={props.onBack}>
          <Trans>Back to my edit</Trans>
        </Button>
        {latest === undefined ? (
          <Button onClick={reload} loading={loading} data-testid="conflict-reload">
            <Trans>Reload and compare</Trans>
          </Button>
        ) : (
          latest &&
          theirs && (
            <>
              <Button variant="light" onClick={() => props.onRebase(latest, theirs)} data-testid="conflict-take-theirs">
                <Trans>Take theirs</Trans>
              </Button>
              <Button
                onClick={() => props.onRebase(latest, mergeMine(names, original, mine, theirs) as V)}
                data-testid="conflict-keep-mine"
              >
                <Trans>Apply mine to the latest</Trans>
              </Button>
            </>
          )
        )}
      </Group>
    </Stack>
  );
}
