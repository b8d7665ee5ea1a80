import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Anchor, Button, Group, Text } from '@mantine/core';
import { IconEdit, IconUpload } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { Suspense, useState } from 'react';
import type { RecordMeta } from '../../../contract/common';
import { lazy, withMessages } from '../../../lib/lazy';
import type { LabelSource } from '../import-export/csv-for-people';
import { type ListSearch, toPageBody } from '../list/list-search';
import type { ResourceScreen } from '../types';
import type { BatchScope } from './batch-edit';

// Both dialogs load when first opened: the list itself does not carry them.
const ImportDialog = lazy(() => import('../import-export/import-dialog'));
const BatchEdit = lazy(() => import('./batch-edit'));

/**
 * Import and batch edit for a list screen: the toolbar buttons (and the import's opener), the "all N matching" line above the
 * table and the dialogs. The selection is the list's (use-selection.ts); "all matching" is kept
 * per list request (`scope`), like the selection, so another filter never inherits it.
 */
export function useBulkActions<T extends RecordMeta>(
  resource: Pick<ResourceScreen<T>, 'api' | 'labels' | 'importable' | 'batch'> & LabelSource,
  opts: {
    rows: T[] | undefined;
    total: number | undefined;
    selected: ReadonlySet<number>;
    clear: () => void;
    search: ListSearch;
    scope: string;
  },
) {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const [importing, setImporting] = useState(false);
  const [allScope, setAllScope] = useState<string | undefined>();
  const [batch, setBatch] = useState<BatchScope | undefined>();
  const path = resource.api.path;
  const rows = opts.rows ?? [];
  const chosen = rows.filter((r) => opts.selected.has(r.id));
  const allMatching = allScope === opts.scope && opts.selected.size > 0;
  const wholePage = rows.length > 0 && chosen.length === rows.length;
  const total = opts.total ?? 0;

  const openBatch = () =>
    setBatch(
      allMatching
        ? { kind: 'filter', filter: toPageBody(opts.search, resource.api.filterNames), total }
        : { kind: 'ids', ids: chosen.map((r) => ({ id: r.id, version: r.version })) },
    );

  const batchButton = resource.batch && chosen.length > 0 && (
    <Button
      variant="light"
      leftSection={<IconEdit size={16} aria-hidden />}
      onClick={openBatch}
      data-testid="batch-edit"
    >
      {allMatching ? t`Edit all ${total}` : t`Edit selected (${chosen.length})`}
    </Button>
  );
  const importButton = resource.importable && (
    <Button
      variant="default"
      leftSection={<IconUpload size={16} aria-hidden />}
      onClick={() => setImporting(true)}
      data-testid="import-csv"
    >
      <Trans>Import CSV</Trans>
    </Button>
  );
  /** Opens the import dialog (a phone's toolbar offers it in its overflow menu instead of the button). */
  const openImport = resource.importable ? () => setImporting(true) : undefined;

  const banner =
    resource.batch && wholePage && total > rows.length ? (
      <Group gap="xs" justify="center" data-testid="select-all-matching-line">
        {allMatching ? (
          <>
            <Text size="sm">{t`${plural(total, { one: 'The # matching record is selected.', other: 'All # matching records are selected.' })}`}</Text>
            <Anchor
              component="button"
              size="sm"
              onClick={() => {
                setAllScope(undefined);
                opts.clear();
              }}
            >
              <Trans>Clear selection</Trans>
            </Anchor>
          </>
        ) : (
          <>
            <Text size="sm">{t`All ${rows.length} on this page are selected.`}</Text>
            <Anchor
              component="button"
              size="sm"
              onClick={() => setAllScope(opts.scope)}
              data-testid="select-all-matching"
            >
              {t`Select all ${total} matching`}
            </Anchor>
          </>
        )}
      </Group>
    ) : null;

  const dialogs = (
    <Suspense fallback={null}>
      {importing && (
        <ImportDialog
          api={resource.api}
          screen={resource}
          title={t`Import from CSV`}
          onClose={() => setImporting(false)}
        />
      )}
      {batch && resource.batch && (
        <BatchEdit
          api={resource.api}
          fields={resource.batch.fields}
          scope={batch}
          onClose={() => setBatch(undefined)}
          onApplied={() => {
            setAllScope(undefined);
            opts.clear();
          }}
        />
      )}
    </Suspense>
  );

  /** Every record the filter matches, deleted on the server in one transaction (bulk-delete-all.tsx). */
  const deleteAll = () =>
    void withMessages(import('./bulk-delete-all')).then((m) =>
      m.deleteAllMatching({
        path,
        filter: toPageBody(opts.search, resource.api.filterNames),
        total,
        onDone: () => {
          setAllScope(undefined);
          opts.clear();
          return queryClient.invalidateQueries({ queryKey: resource.api.key });
        },
      }),
    );

  return { batchButton, importButton, openImport, banner, dialogs, allMatching, total, deleteAll };
}
