import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Box, Button, Group, Paper, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconEdit } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { lazy, type ReactNode, Suspense, useState } from 'react';
import type { RecordMeta } from '../../contract/common';
import { ApiError } from '../../lib/http';
import { formatDateTime } from '../format';
import { loadSchemas } from './form-schemas';
import type { ResourceFormModal as FormModal } from './resource-form-modal';
import type { FieldDef, FormValues, ResourceDef } from './types';

const loadFormModal = () => import('./resource-form-modal');
const ResourceFormModal = lazy(() =>
  loadFormModal().then((m) => ({ default: m.ResourceFormModal })),
) as unknown as typeof FormModal;

/**
 * One record on a page of its own (its record page): the fields of its form, read only, with Edit
 * opening the very form of the list; `children` are its related records and its history.
 */
export function RecordView<T extends RecordMeta, V extends FormValues>({
  resource,
  id,
  children,
}: {
  resource: ResourceDef<T, V>;
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
            <Box key={field.name} style={field.kind === 'textarea' ? { gridColumn: '1 / -1' } : undefined}>
              <Text component="dt" size="xs" c="dimmed">
                {i18n._(field.label)}
              </Text>
              <Text component="dd" size="sm" m={0} style={{ whiteSpace: 'pre-wrap' }} data-field={field.name}>
                {show(field, values?.[field.name])}
              </Text>
            </Box>
          ))}
          <Box>
            <Text component="dt" size="xs" c="dimmed">
              {t`Created`}
            </Text>
            <Text component="dd" size="sm" m={0}>
              {formatDateTime(row.createdAt, i18n.locale)}
            </Text>
          </Box>
          <Box>
            <Text component="dt" size="xs" c="dimmed">
              {t`Updated`}
            </Text>
            <Text component="dd" size="sm" m={0}>
              {formatDateTime(row.updatedAt, i18n.locale)}
            </Text>
          </Box>
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
