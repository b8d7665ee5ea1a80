import { useLingui } from '@lingui/react/macro';
import { Paper, Stack } from '@mantine/core';
import { useHotkeys } from '@mantine/hooks';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type ComponentType, useEffect, useState } from 'react';
import type { RecordMeta } from '../../contract/common';
import { SHORTCUTS } from '../../lib/shortcuts';
import { ExportButton } from './export-button';
import { ListError } from './list-error';
import { ListFooter } from './list-footer';
import { lastPage, nextSort, withFirstPage } from './list-search';
import { ListToolbar } from './list-toolbar';
import { ResourceFormModal } from './resource-form-modal';
import { ResourceTable } from './resource-table';
import { RowActions } from './row-actions';
import type { FormValues, ResourceBodyProps, ResourceDef } from './types';
import { useListUrlState } from './use-list-url-state';
import { useRowDelete } from './use-row-delete';
import { useSelection } from './use-selection';

/**
 * A whole resource screen from its description: toolbar, table, paging and the form. The list
 * state lives in the URL (the route validates it with listSearchSchema).
 */
export function ResourcePage<T extends RecordMeta, V extends FormValues>({
  resource,
}: {
  resource: ResourceDef<T, V>;
}) {
  const { i18n } = useLingui();
  const queryClient = useQueryClient();
  const [search, setSearch] = useListUrlState();
  const pageQuery = resource.api.pageQuery(search);
  const query = useQuery(pageQuery);
  const { deleteRow, deleteRows, isHidden } = useRowDelete(resource);
  const { selected, select, clear } = useSelection(JSON.stringify(pageQuery.queryKey));
  // undefined: closed; { row: undefined }: creating.
  const [editing, setEditing] = useState<{ row?: T } | undefined>();

  const data = query.data;
  const rows = data?.items.filter((r) => !isHidden(r));
  const total = data && rows ? data.total - (data.items.length - rows.length) : undefined;
  const filtered = Boolean(search.keyword) || (resource.filters ?? []).some((f) => search[f.name] !== undefined);
  const canDelete = resource.deleteMode !== false;
  const form = resource.form;
  const Body: ComponentType<ResourceBodyProps<T>> = resource.body ?? ResourceTable;

  // Deletes (here or elsewhere) can leave the page past the end: step back to the last real page.
  useEffect(() => {
    if (data && !query.isPlaceholderData && data.items.length === 0 && data.total > 0 && search.pageNum > 1) {
      setSearch({ pageNum: lastPage(data.total, search.pageSize) }, { replace: true });
    }
  }, [data, query.isPlaceholderData, search.pageNum, search.pageSize, setSearch]);

  useHotkeys([[SHORTCUTS.newRecord.hotkey, () => form && !editing && setEditing({})]]);

  const findLatest = async (id: number) => {
    const fresh = await queryClient.fetchQuery({ ...pageQuery, staleTime: 0 });
    return fresh.items.find((r) => r.id === id);
  };

  return (
    <Paper withBorder radius="md" p="md">
      <Stack gap="md">
        <ListToolbar
          search={search}
          setSearch={setSearch}
          filters={resource.filters ?? []}
          selectedCount={selected.size}
          onBulkDelete={canDelete ? () => deleteRows(rows?.filter((r) => selected.has(r.id)) ?? [], clear) : undefined}
          createLabel={form ? i18n._(resource.labels.create) : undefined}
          onCreate={() => setEditing({})}
          extra={
            <>
              {resource.exportable && (
                <ExportButton path={resource.api.path} search={search} filterNames={resource.api.filterNames} />
              )}
              {resource.toolbar}
            </>
          }
        />
        {query.isError && !data ? (
          <ListError message={query.error.message} onRetry={() => query.refetch()} retrying={query.isFetching} />
        ) : (
          <Body
            columns={resource.columns}
            rows={rows}
            stale={query.isPlaceholderData}
            filtered={filtered}
            search={search}
            onSort={(field) => setSearch(withFirstPage(nextSort(search, field)))}
            selectable={canDelete}
            selected={selected}
            onSelect={select}
            recordTitle={resource.recordTitle}
            // A read-only list (audit) has no actions column at all.
            actions={
              !(form || canDelete || resource.rowActions)
                ? undefined
                : (row) => (
                    <RowActions
                      title={resource.recordTitle(row)}
                      onEdit={form ? () => setEditing({ row }) : undefined}
                      onDelete={canDelete ? () => deleteRow(row) : undefined}
                    >
                      {resource.rowActions?.(row)}
                    </RowActions>
                  )
            }
          />
        )}
        <ListFooter
          total={total}
          pageNum={search.pageNum}
          pageSize={search.pageSize}
          onPage={(pageNum) => setSearch({ pageNum })}
          onPageSize={(pageSize) => setSearch(withFirstPage({ pageSize }))}
        />
      </Stack>
      {form && editing && (
        <ResourceFormModal
          resource={{ ...resource, form }}
          row={editing.row}
          findLatest={findLatest}
          onClosed={() => setEditing(undefined)}
        />
      )}
    </Paper>
  );
}
