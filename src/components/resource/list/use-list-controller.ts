import { useHotkeys } from '@mantine/hooks';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useSnapshot } from 'valtio';
import type { RecordMeta } from '../../../contract/common';
import { NetworkError } from '../../../lib/http';
import { loadDrafts } from '../../../lib/offline/drafts';
import { useOnline } from '../../../lib/offline/online';
import { type PendingWrite, pendingStore } from '../../../lib/offline/pending-writes';
import { currentUserKey } from '../../../lib/offline/session-cache';
import { SHORTCUTS } from '../../../lib/shortcuts';
import { useBulkActions } from '../bulk/bulk-actions';
import { useSelection } from '../bulk/use-selection';
import { loadSchemas } from '../form/form-schemas';
import { loadFormModal } from '../form/lazy-form-modal';
import type { FormResume } from '../form/use-resource-form';
import type { FormValues, ResourceScreen } from '../types';
import { useListViews } from '../views/use-list-views';
import { filterDefParams } from './list-filters';
import { type ListSearch, lastPage, nextSort, withFirstPage } from './list-search';
import { type SetListSearch, useListUrlState } from './use-list-url-state';
import { useRowDelete } from './use-row-delete';

/** The form the list has open: `row` undefined = creating; `resume` = reopened from a draft or a queued write. */
export interface Editing<T, V extends FormValues> {
  row?: T;
  resume?: FormResume<V>;
}

/**
 * Everything a list screen knows and does, with nothing drawn: the list state in the URL, the page
 * query, saved views, selection, delete with undo, bulk actions, the open form, offline drafts and
 * queued writes. Modelled on ra-core's `useListController`: the views (a table from tablet width
 * up, cards on a phone) read it from the list context (list-context.tsx) and only draw, so the two
 * never hold two copies of the logic.
 */
export function useListController<T extends RecordMeta, V extends FormValues>(
  resource: ResourceScreen<T, V>,
  /** The URL state; the route's own by default (a test may hand in its own pair). */
  urlState?: [ListSearch, SetListSearch],
) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const routeState = useListUrlState();
  const [search, setSearch] = urlState ?? routeState;

  // A saved view's search replaces the whole URL search (filters it does not name are cleared).
  const applyView = useCallback(
    (next: Record<string, string | number | boolean>) =>
      setSearch(
        { ...Object.fromEntries(Object.keys(search).map((k) => [k, undefined])), ...next, pageNum: 1 },
        { replace: true },
      ),
    [search, setSearch],
  );
  const views = useListViews(resource.api.noun, resource.columns, search, applyView);

  const pageQuery = resource.api.pageQuery(search);
  const query = useQuery(pageQuery);
  const { deleteRow, deleteRows, isHidden } = useRowDelete(resource);
  const selectionScope = JSON.stringify(pageQuery.queryKey);
  const { selected, select, clear } = useSelection(selectionScope);
  const online = useOnline();
  const { writes } = useSnapshot(pendingStore);
  const pendingWrites = writes.filter((w) => w.path === resource.api.path) as readonly PendingWrite[];

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

  // The form: undefined = closed.
  const [editing, setEditingState] = useState<Editing<T, V> | undefined>();
  // The form's code and its schemas, fetched side by side (when the user points at New or Edit, or
  // at the latest when the form opens).
  const preloadForm = useCallback(() => {
    if (!form) return;
    void loadFormModal();
    void loadSchemas(form.schemas).catch(() => undefined);
  }, [form]);
  const setEditing = useCallback(
    (next: Editing<T, V> | undefined | ((open: Editing<T, V> | undefined) => Editing<T, V> | undefined)) => {
      if (next) preloadForm();
      setEditingState(next);
    },
    [preloadForm],
  );

  // What a row's buttons do, read when pressed: the callbacks below keep their identity, so the
  // views draw their rows again only when what the rows show changes.
  const latest = useRef({ deleteRow, resource, navigate, setEditing });
  latest.current = { deleteRow, resource, navigate, setEditing };
  const edit = useCallback((row: T) => latest.current.setEditing({ row }), []);
  const remove = useCallback((row: T) => latest.current.deleteRow(row), []);
  /** A tap on a record: its own page where it has one, else what the resource opens, else its form. */
  const openRecord = useCallback((row: T) => {
    const { resource: r, navigate: go, setEditing: open } = latest.current;
    const path = r.recordPath?.(row);
    if (path) void go({ to: path } as never);
    else if (r.open) r.open(row);
    else if (r.form) open({ row });
  }, []);
  const canOpen = Boolean(resource.recordPath || resource.open || form);

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

  /** The record as the server has it now (the form's conflict check, when a 409 did not carry it). */
  const findLatest = async (id: number) => {
    const fresh = await queryClient.fetchQuery({ ...pageQuery, staleTime: 0 });
    return fresh.items.find((r) => r.id === id);
  };

  /** Delete in the toolbar: every match when "all N matching" is chosen, else the selected rows. */
  const bulkDelete = !canDelete
    ? undefined
    : bulk.allMatching
      ? bulk.deleteAll
      : () => deleteRows(rows?.filter((r) => selected.has(r.id)) ?? [], clear);

  const error = query.isError && !data ? query.error : undefined;
  return {
    resource,
    // URL state
    search,
    setSearch,
    applyView,
    filtered,
    sort: useCallback((field: string) => setSearch(withFirstPage(nextSort(search, field))), [search, setSearch]),
    setFilters: (patch: Partial<ListSearch>) => setSearch(withFirstPage(patch)),
    setKeyword: (keyword: string | undefined) => setSearch(withFirstPage({ keyword }), { replace: true }),
    setPage: (pageNum: number) => setSearch({ pageNum }),
    setPageSize: (pageSize: number) => setSearch(withFirstPage({ pageSize })),
    // saved views: the columns and density in use
    views,
    columns: views.columns,
    density: views.density,
    // the page
    rows,
    total,
    /** Rows of the previous request, shown while the next one loads. */
    stale: query.isPlaceholderData,
    /** The first page failed: offline (no cache) or the server's refusal. */
    error,
    offlineError: error !== undefined && (error instanceof NetworkError || !online),
    refetch: () => void query.refetch(),
    isFetching: query.isFetching,
    cachedAt,
    serverDown,
    // selection and bulk actions
    selectable: canDelete || Boolean(resource.batch),
    selected,
    select,
    clearSelection: clear,
    bulk,
    bulkDelete,
    // rows
    canDelete,
    hasActions: Boolean(form || canDelete || resource.rowActions),
    edit: form ? edit : undefined,
    remove: canDelete ? remove : undefined,
    openRecord: canOpen ? openRecord : undefined,
    // the form
    editing,
    create: form ? () => setEditing({}) : undefined,
    preloadForm,
    review: (w: PendingWrite) =>
      setEditing({ row: w.row as T | undefined, resume: { values: w.values as V, pendingId: w.id } }),
    closeForm: () => setEditing(undefined),
    findLatest,
    /** Writes of this list saved offline, waiting for the network. */
    pendingWrites,
  };
}

export type ListController<T extends RecordMeta, V extends FormValues = FormValues> = ReturnType<
  typeof useListController<T, V>
>;
