import { Trans, useLingui } from '@lingui/react/macro';
import { Button, Group, Stack } from '@mantine/core';
import { IconFilter, IconFilterOff, IconPlus, IconTrash } from '@tabler/icons-react';
import { type ReactNode, Suspense, useState } from 'react';
import { lazy } from '../../../lib/lazy';
import type { FilterDef } from '../types';
import { KeywordSearch } from './keyword-search';
import { filterDefParams, ListFilters } from './list-filters';
import { type FilterValue, type ListSearch, withFirstPage } from './list-search';
import { ServerOnly } from './row-actions';
import type { SetListSearch } from './use-list-url-state';

interface Props {
  search: ListSearch;
  setSearch: SetListSearch;
  filters: FilterDef[];
  selectedCount: number;
  onBulkDelete?: () => void;
  /** "All N matching" is selected: Delete removes every match (N), not only the page's rows. */
  bulkDeleteAll?: number;
  /** Offline or showing cached data: bulk delete and the extra actions (export, upload) wait. */
  serverDown?: boolean;
  /** Label of the create button ("New book"); no button when absent. */
  createLabel?: string;
  onCreate?: () => void;
  /** The pointer or focus is on New: a click is likely, the form's code may start loading. */
  onCreateIntent?: () => void;
  /** What acts on the selected rows besides Delete (batch edit); shown beside it. */
  selectionActions?: ReactNode;
  /** The list's other tools (views, export, import, upload), before the New button. */
  extra?: ReactNode;
  /**
   * A phone's: the resource's own main action where it has no form (upload images or videos), on
   * a row of its own below the search, as New floats below the rows where there is a form.
   */
  mainAction?: ReactNode;
  /**
   * A phone (use-phone.ts): one row of search, Filters (a drawer) and what `extra` holds there (the
   * overflow menu); what acts on a selection (while rows are selected) and `mainAction` on a row
   * below.
   */
  phone?: boolean;
}

/** Search, filters, bulk actions and New: the compact header row above a resource table. */
export function ListToolbar({ search, setSearch, filters, selectedCount, ...props }: Props) {
  const { t } = useLingui();
  const allMatching = props.bulkDeleteAll;
  const keyword = (
    <KeywordSearch
      value={search.keyword}
      onChange={(keyword) => setSearch(withFirstPage({ keyword }), { replace: true })}
      grow={props.phone}
    />
  );
  const filterBar = (
    <FiltersOnAPhone filters={filters} search={search} setSearch={setSearch} phone={props.phone}>
      <ListFilters
        filters={filters}
        search={search}
        onChange={(patch: Record<string, FilterValue>) => setSearch(withFirstPage(patch))}
      />
    </FiltersOnAPhone>
  );
  const selection = (
    <>
      {selectedCount > 0 && props.onBulkDelete && (
        <Button
          variant="light"
          color="red"
          leftSection={<IconTrash size={16} aria-hidden />}
          onClick={props.onBulkDelete}
          disabled={props.serverDown}
          data-testid="bulk-delete"
        >
          {allMatching !== undefined ? (
            <Trans>Delete all {allMatching}</Trans>
          ) : (
            <Trans>Delete selected ({selectedCount})</Trans>
          )}
        </Button>
      )}
      {props.selectionActions && <ServerOnly disabled={props.serverDown}>{props.selectionActions}</ServerOnly>}
    </>
  );
  const extra = props.extra && <ServerOnly disabled={props.serverDown}>{props.extra}</ServerOnly>;

  if (props.phone) {
    // The row must hold in every language: the search box gives up width, nothing wraps. Reset
    // is in the filters' drawer and the search box has its own clear button.
    return (
      <Stack gap="xs">
        {/* data-one-row: the layout audit fails the screen if this row ever wraps. */}
        <Group gap="xs" wrap="nowrap" data-testid="list-toolbar" data-one-row>
          <Group gap="xs" wrap="nowrap" role="search" aria-label={t`Search and filters`} flex={1} miw={0}>
            {keyword}
            {filterBar}
          </Group>
          {extra}
        </Group>
        {(selectedCount > 0 || props.mainAction) && (
          <Group gap="xs" wrap="wrap" justify="flex-end">
            {selection}
            {props.mainAction && <ServerOnly disabled={props.serverDown}>{props.mainAction}</ServerOnly>}
          </Group>
        )}
      </Stack>
    );
  }

  return (
    <Group justify="space-between" gap="sm" wrap="wrap">
      <Group gap="sm" wrap="wrap" role="search" aria-label={t`Search and filters`}>
        {keyword}
        {filterBar}
        <ResetFilters search={search} setSearch={setSearch} filters={filters} />
      </Group>
      <Group gap="sm" wrap="nowrap">
        {selection}
        {extra}
        {props.createLabel && props.onCreate && (
          <Button
            leftSection={<IconPlus size={16} aria-hidden />}
            onClick={props.onCreate}
            onPointerEnter={props.onCreateIntent}
            onFocus={props.onCreateIntent}
            data-testid="create-record"
          >
            {props.createLabel}
          </Button>
        )}
      </Group>
    </Group>
  );
}

// The drawer (Mantine's Drawer) loads when a phone's user first opens the filters.
const FilterDrawer = lazy(() => import('./filter-drawer'));

/**
 * On a phone the filters stood in a column above the rows (seven controls on Books: the whole first
 * screen); there they wait in a drawer, the button saying how many are set. Elsewhere they show as
 * they are.
 */
function FiltersOnAPhone({
  filters,
  search,
  setSearch,
  phone,
  children,
}: Pick<Props, 'filters' | 'search' | 'setSearch' | 'phone'> & { children: ReactNode }) {
  const { t } = useLingui();
  const [open, setOpen] = useState(false);
  if (!phone || filters.length === 0) return children;
  const set = filters.filter((f) => filterDefParams(f).some((p) => search[p] !== undefined && search[p] !== '')).length;
  return (
    <>
      <Button
        variant="default"
        leftSection={<IconFilter size={16} aria-hidden />}
        aria-haspopup="dialog"
        aria-expanded={open}
        onClick={() => setOpen(true)}
        data-testid="filters-toggle"
      >
        {set > 0 ? t`Filters (${set})` : t`Filters`}
      </Button>
      {open && (
        <Suspense fallback={null}>
          <FilterDrawer title={t`Filters`} onClose={() => setOpen(false)}>
            {children}
            <ResetFilters search={search} setSearch={setSearch} filters={filters} />
          </FilterDrawer>
        </Suspense>
      )}
    </>
  );
}

/** Empties the keyword and every filter of the bar (ranges included) at once; shown while any is set. */
function ResetFilters({ search, setSearch, filters }: Pick<Props, 'search' | 'setSearch' | 'filters'>) {
  const params = ['keyword', ...filters.flatMap(filterDefParams)];
  if (!params.some((p) => search[p] !== undefined && search[p] !== '')) return null;
  return (
    <Button
      variant="subtle"
      leftSection={<IconFilterOff size={16} aria-hidden />}
      onClick={() => setSearch(withFirstPage(Object.fromEntries(params.map((p) => [p, undefined]))))}
      data-testid="reset-filters"
    >
      <Trans>Reset</Trans>
    </Button>
  );
}
