import { Trans, useLingui } from '@lingui/react/macro';
import { Button, em, Group } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconFilter, IconFilterOff, IconPlus, IconTrash } from '@tabler/icons-react';
import { type ReactNode, useId, useState } from 'react';
import { KeywordSearch } from './keyword-search';
import { filterDefParams, ListFilters } from './list-filters';
import { type FilterValue, type ListSearch, withFirstPage } from './list-search';
import { ServerOnly } from './row-actions';
import type { FilterDef } from './types';
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
  extra?: ReactNode;
}

/** Search, filters, bulk actions and New: the compact header row above a resource table. */
export function ListToolbar({ search, setSearch, filters, selectedCount, ...props }: Props) {
  const { t } = useLingui();
  const allMatching = props.bulkDeleteAll;
  return (
    <Group justify="space-between" gap="sm" wrap="wrap">
      <Group gap="sm" wrap="wrap" role="search" aria-label={t`Search and filters`}>
        <KeywordSearch
          value={search.keyword}
          onChange={(keyword) => setSearch(withFirstPage({ keyword }), { replace: true })}
        />
        <FiltersOnAPhone filters={filters} search={search}>
          <ListFilters
            filters={filters}
            search={search}
            onChange={(patch: Record<string, FilterValue>) => setSearch(withFirstPage(patch))}
          />
        </FiltersOnAPhone>
        <ResetFilters search={search} setSearch={setSearch} filters={filters} />
      </Group>
      <Group gap="sm" wrap="nowrap">
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
        {props.extra && <ServerOnly disabled={props.serverDown}>{props.extra}</ServerOnly>}
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

/** Narrower than this (a phone held upright), the filters wait behind a Filters button. */
const PHONE_WIDTH = 576;

/**
 * On a phone the filters stood in a column above the rows (seven controls on Books: the whole first
 * screen) and were built with every cold load of a list; there they show on demand, the button
 * saying how many are set. Elsewhere they show as they are.
 */
function FiltersOnAPhone({ filters, search, children }: Pick<Props, 'filters' | 'search'> & { children: ReactNode }) {
  const { t } = useLingui();
  const phone = useMediaQuery(`(max-width: ${em(PHONE_WIDTH - 1)})`, false, { getInitialValueInEffect: false });
  const [open, setOpen] = useState(false);
  const id = useId();
  if (!phone || filters.length === 0) return children;
  const set = filters.filter((f) => filterDefParams(f).some((p) => search[p] !== undefined && search[p] !== '')).length;
  return (
    <>
      <Button
        variant="default"
        leftSection={<IconFilter size={16} aria-hidden />}
        aria-expanded={open}
        aria-controls={id}
        onClick={() => setOpen((o) => !o)}
        data-testid="filters-toggle"
      >
        {set > 0 ? t`Filters (${set})` : t`Filters`}
      </Button>
      <div id={id} style={{ display: 'contents' }}>
        {open && children}
      </div>
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
