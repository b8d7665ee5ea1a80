import { useLingui } from '@lingui/react/macro';
import { Paper, Stack } from '@mantine/core';
import { useHotkeys } from '@mantine/hooks';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type ComponentType, Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useSnapshot } from 'valtio';
import type { RecordMeta } from '../../contract/common';
import { NetworkError } from '../../lib/http';
import { lazy } from '../../lib/lazy';
import { loadDrafts } from '../../lib/offline/drafts';
import { useOnline } from '../../lib/offline/online';
import { pendingStore } from '../../lib/offline/pending-writes';
import { currentUserKey } from '../../lib/offline/session-cache';
import { SHORTCUTS } from '../../lib/shortcuts';
import { useBulkActions } from './bulk-actions';
import { ExportMenu } from './export-menu';
import { loadSchemas } from './form-schemas';
import { loadFormModal, ResourceFormModal } from './lazy-form-modal';
import { filterDefParams } from './list-filters';
import { ListFooter } from './list-footer';
import { lastPage, nextSort, withFirstPage } from './list-search';
import { ListToolbar } from './list-toolbar';
import { ResourceTable } from './resource-table';
import { RowActions } from './row-actions';
import type { FormValues, ResourceBodyProps, ResourceDef } from './types';
import { useListUrlState } from './use-list-url-state';
import { useListViews } from './use-list-views';
import type { FormResume } from './use-resource-form';
import { useRowDelete } from './use-row-delete';
import { useSelection } from './use-selection';
import { ViewsButton } from './views-button';

// What shows only offline, with writes waiting, or after a failure loads then.
const offline = () => import('./offline-banner');
const OfflineBanner = lazy(() => offline().then((m) => ({ default: m.OfflineBanner })));
const OfflineEmpty = lazy(() => offline().then((m) => ({ default: m.OfflineEmpty })));
const PendingWritesNotice = lazy(() => offline().then((m) => ({ default: m.PendingWritesNotice })));
const ListError = lazy(() => import('./list-error').then((m) => ({ default: m.ListError })));

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
  // A saved view's search replaces the whole URL search (filters it does not name are cleared).
  const applyView = useCallback(
    (next: Record<string, string | number | boolean>) =>
      setSearch(
        { ...Object.fromEntries(Object.keys(search).map((k) => [k, undefined])), ...next, pageNum: 1 },
        { replace: true },
      ),
    [search, setSearch],
  );
  const views = useListViews(resource.api.path, resource.columns, search, applyView);
  const pageQuery = resource.api.pageQuery(search);
  const query = useQuery(pageQuery);
  const { deleteRow, deleteRows, isHidden } = useRowDelete(resource);
  const selectionScope = JSON.stringify(pageQuery.queryKey);
  const { selected, select, clear } = useSelection(selectionScope);
  // undefined: closed; { row: undefined }: creating. `resume`: reopened from a draft or an offline save.
  const [editing, setEditingState] = useState<{ row?: T; resume?: FormResume<V> } | undefined>();
  // The form's code and its schemas, fetched side by side (when the user points at New or Edit, or
  // at the latest when the form opens).
  const preloadForm = () => {
    if (!resource.form) return;
    void loadFormModal();
    void loadSchemas(resource.form.schemas).catch(() => undefined);
  };
  const setEditing: typeof setEditingState = (next) => {
    if (next) preloadForm();
    setEditingState(next);
  };
  const online = useOnline();
  const { writes } = useSnapshot(pendingStore);
  const myWrites = writes.filter((w) => w.path === resource.api.path);

  const data = query.data;
  const rows = data?.items.filter((r) => !isHidden(r));
  const total = data && rows ? data.total - (data.items.length - rows.length) : undefined;
  const filtered =
    Boolean(search.keyword) || (resource.filters ?? []).flatMap(filterDefParams).some((p) => search[p] !== undefined);
  const canDelete = resource.deleteMode !== false;
  const bulk = useBulkActions(resource, { rows, total, selected, clear, search, scope: selectionScope });
  const form = resource.form;
  // From the offline cache, or no network at all: deletes, exports and row actions wait.
  const cachedAt = data?.cachedAt;
  const serverDown = !online || cachedAt !== undefined;
  const Body: ComponentType<ResourceBodyProps<T>> = resource.body ?? ResourceTable;

  // The row buttons, with an identity that changes only with what they show: the table draws its
  // rows again only when what it is given changes. What a button does is read when it is pressed.
  const onRow = useRef({ edit: (_row: T) => {}, remove: (_row: T) => {}, preload: () => {} });
  onRow.current = { edit: (row) => setEditing({ row }), remove: (row) => deleteRow(row), preload: preloadForm };
  const hasActions = Boolean(form || canDelete || resource.rowActions);
  const actions = useMemo(
    () =>
      // A read-only list (audit) has no actions column at all.
      hasActions
        ? (row: T) => (
            <RowActions
              title={resource.recordTitle(row)}
              onEdit={form ? () => onRow.current.edit(row) : undefined}
              onEditIntent={form ? () => onRow.current.preload() : undefined}
              onDelete={canDelete ? () => onRow.current.remove(row) : undefined}
              serverDown={serverDown}
            >
              {resource.rowActions?.(row)}
            </RowActions>
          )
        : undefined,
    [hasActions, form, canDelete, resource, serverDown],
  );

  // Deletes (here or elsewhere) can leave the page past the end: step back to the last real page.
  useEffect(() => {
    if (data && !query.isPlaceholderData && data.items.length === 0 && data.total > 0 && search.pageNum > 1) {
      setSearch({ pageNum: lastPage(data.total, search.pageSize) }, { replace: true });
    }
  }, [data, query.isPlaceholderData, search.pageNum, search.pageSize, setSearch]);

  useHotkeys([[SHORTCUTS.newRecord.hotkey, () => form && !editing && setEditing({})]]);

  // A form that was open when the page was reloaded (or the update prompt reloaded it) reopens.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per resource screen
  useEffect(() => {
    if (!form) return;
    let live = true;
    void currentUserKey()
      .then((user) => loadDrafts(user, resource.api.path))
      .then(([draft]) => {
        if (live && draft) {
          setEditing(
            (open) =>
              open ?? {
                row: draft.row as T | undefined,
                resume: { values: draft.values as V, pendingId: draft.pendingId },
              },
          );
        }
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [resource.api.path]);

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
          onBulkDelete={
            !canDelete
              ? undefined
              : bulk.allMatching
                ? bulk.deleteAll
                : () => deleteRows(rows?.filter((r) => selected.has(r.id)) ?? [], clear)
          }
          bulkDeleteAll={bulk.allMatching ? bulk.total : undefined}
          serverDown={serverDown}
          createLabel={form ? i18n._(resource.labels.create) : undefined}
          onCreate={() => setEditing({})}
          onCreateIntent={preloadForm}
          extra={
            <>
              <ViewsButton views={views} allColumns={resource.columns} search={search} apply={applyView} />
              {resource.exportable !== false && <ExportMenu resource={resource} search={search} />}
              {bulk.toolbar}
              {resource.toolbar}
            </>
          }
        />
        <Suspense fallback={null}>
          {cachedAt !== undefined && <OfflineBanner cachedAt={cachedAt} />}
          {form && myWrites.length > 0 && (
            <PendingWritesNotice
              writes={myWrites}
              onReview={(w) =>
                setEditing({ row: w.row as T | undefined, resume: { values: w.values as V, pendingId: w.id } })
              }
            />
          )}
        </Suspense>
        {bulk.banner}
        {query.isError && !data && (query.error instanceof NetworkError || !online) ? (
          <Suspense fallback={null}>
            <OfflineEmpty onRetry={() => query.refetch()} retrying={query.isFetching} />
          </Suspense>
        ) : query.isError && !data ? (
          <Suspense fallback={null}>
            <ListError message={query.error.message} onRetry={() => query.refetch()} retrying={query.isFetching} />
          </Suspense>
        ) : (
          <Body
            columns={views.columns}
            density={views.density}
            rows={rows}
            stale={query.isPlaceholderData}
            filtered={filtered}
            search={search}
            onSort={(field) => setSearch(withFirstPage(nextSort(search, field)))}
            selectable={canDelete || Boolean(resource.batch)}
            selected={selected}
            onSelect={select}
            recordTitle={resource.recordTitle}
            actions={actions}
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
      {bulk.dialogs}
      {form && editing && (
        <Suspense fallback={null}>
          <ResourceFormModal
            resource={{ ...resource, form }}
            row={editing.row}
            findLatest={findLatest}
            resume={editing.resume}
            onClosed={() => setEditing(undefined)}
          />
        </Suspense>
      )}
    </Paper>
  );
}
