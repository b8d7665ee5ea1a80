import { Trans, useLingui } from '@lingui/react/macro';
import { Button, Group } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { KeywordSearch } from './keyword-search';
import { ListFilters } from './list-filters';
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
  return (
    <Group justify="space-between" gap="sm" wrap="wrap">
      <Group gap="sm" wrap="wrap" role="search" aria-label={t`Search and filters`}>
        <KeywordSearch
          value={search.keyword}
          onChange={(keyword) => setSearch(withFirstPage({ keyword }), { replace: true })}
        />
        <ListFilters
          filters={filters}
          search={search}
          onChange={(patch: Record<string, FilterValue>) => setSearch(withFirstPage(patch))}
        />
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
            <Trans>Delete selected ({selectedCount})</Trans>
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
