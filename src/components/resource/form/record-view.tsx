import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Box, Button, Group, Paper, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconEdit } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, Suspense, useState } from 'react';
import type { RecordMeta } from '../../../contract/common';
import { ApiError } from '../../../lib/http';
import { formatDateTime, formatDay } from '../../format';
import type { FieldDef, FormValues, ResourceScreen } from '../types';
import { loadSchemas } from './form-schemas';
import { loadFormModal, ResourceFormModal } from './lazy-form-modal';

/**
 * One record on a page of its own (its record page): the fields of its form, read only, with Edit
 * opening the very form of the list; `children` are its related records and its history.
 */
export function RecordView<T extends RecordMeta, V extends FormValues>({
  resource,
  id,
  children,
}: {
  resource: ResourceScreen<T, V>;
  id: number;
  children?: (row: T) => ReactNode;
}) {
  const { t, i18n } = useLingui();
  const queryClient = useQueryClient();
  const recordQuery = resource.api.recordQuery(id);
  const query = useQuery(recordQuery);
  const [editing, setEditing] = useState(false);
  const form = resource.form;
  const row = query.data;

  if (query.isPending) {
    return (
      <Paper withBorder radius="md" p="md" aria-busy="true">
        <Skeleton h={28} w="40%" mb="md" />
        <Skeleton h={120} />
      </Paper>
    );
  }
  if (!row) {
    const gone = query.error instanceof ApiError && query.error.status === 404;
    return (
      <Alert color={gone ? 'gray' : 'red'} role="alert" data-testid="record-error">
        {gone ? <Trans>This record does not exist (it may have been deleted).</Trans> : query.error?.message}
      </Alert>
    );
  }

  const values = form?.toValues(row) as Record<string, unknown> | undefined;
  const show = (field: FieldDef<V>, value: unknown): ReactNode => {
    if (value === undefined || value === null || value === '') return <Text c="dimmed">—</Text>;
    if (field.renderValue) return field.renderValue(value);
    // A day (a publish date) as the other dates of the page read, not ISO's 2008-01-12.
    if (field.kind === 'date' && typeof value === 'string') return formatDay(value, i18n.locale);
    const option = field.options?.find((o) => o.value === value);
    if (option) return i18n._(option.label);
    return String(value);
  };

  return (
    <Stack gap="md">
      <Paper withBorder radius="md" p="md" data-testid="record-view">
        <Group justify="space-between" align="flex-start" mb="md" wrap="nowrap">
          <Title order={2} size="h3" data-testid="record-title">
            {resource.recordTitle(row)}
          </Title>
          {form && (
            <Button
              leftSection={<IconEdit size={16} aria-hidden />}
              variant="light"
              onMouseEnter={() => {
                void loadFormModal();
                void loadSchemas(form.schemas).catch(() => undefined);
              }}
              onClick={() => setEditing(true)}
              data-testid="record-edit"
            >
              {t`Edit`}
            </Button>
          )}
        </Group>
        <SimpleGrid component="dl" cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="xs" m={0}>
          {(form?.fields ?? []).map((field) => (
            <Entry key={field.name} label={i18n._(field.label)} field={field.name} wide={field.kind === 'textarea'}>
              {show(field, values?.[field.name])}
            </Entry>
          ))}
          <Entry label={t`Created`}>{formatDateTime(row.createdAt, i18n.locale)}</Entry>
          <Entry label={t`Updated`}>{formatDateTime(row.updatedAt, i18n.locale)}</Entry>
        </SimpleGrid>
      </Paper>
      {children?.(row)}
      {editing && form && (
        <Suspense fallback={null}>
          <ResourceFormModal
            resource={{ ...resource, form }}
            row={row}
            findLatest={async () => queryClient.fetchQuery({ ...recordQuery, staleTime: 0 })}
            onClosed={() => setEditing(false)}
          />
        </Suspense>
      )}
    </Stack>
  );
}

/** One term and its value; a form field's value keeps its line breaks and names its field. */
function Entry({
  label,
  field,
  wide,
  children,
}: {
  label: string;
  field?: string;
  wide?: boolean;
  children: ReactNode;
}) {
  return (
    <Box style={wide ? { gridColumn: '1 / -1' } : undefined}>
      <Text component="dt" size="xs" c="dimmed">
        {label}
      </Text>
      <Text component="dd" size="sm" m={0} style={field ? { whiteSpace: 'pre-wrap' } : undefined} data-field={field}>
        {children}
      </Text>
    </Box>
  );
}
