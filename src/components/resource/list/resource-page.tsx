import { Trans, useLingui } from '@lingui/react/macro';
import { Affix, Button, Group, Paper, Stack } from '@mantine/core';
import { IconDownload, IconPlus, IconUpload } from '@tabler/icons-react';
import { type ComponentType, Suspense, useMemo } from 'react';
import type { RecordMeta } from '../../../contract/common';
import { lazy } from '../../../lib/lazy';
import { Menu } from '../../floating';
import { ResourceFormModal } from '../form/lazy-form-modal';
import { type CsvExport, ExportItems, ExportMenu, useCsvExport } from '../import-export/export-menu';
import type { FormValues, ResourceBodyProps, ResourceScreen } from '../types';
import { usePhone } from '../use-phone';
import { ViewsButton } from '../views/views-button';
import { ListBase, useListContext } from './list-context';
import { ListFooter } from './list-footer';
import { ListToolbar } from './list-toolbar';
import { ResourceCards } from './resource-cards';
import { ResourceTable } from './resource-table';
import { RowActions } from './row-actions';

// What shows only offline, with writes waiting, or after a failure loads then.
const offline = () => import('../offline/offline-banner');
const OfflineBanner = lazy(() => offline().then((m) => ({ default: m.OfflineBanner })));
const OfflineEmpty = lazy(() => offline().then((m) => ({ default: m.OfflineEmpty })));
const PendingWritesNotice = lazy(() => offline().then((m) => ({ default: m.PendingWritesNotice })));
const ListError = lazy(() => import('./list-error').then((m) => ({ default: m.ListError })));

/**
 * A whole resource screen from its description: the list controller (use-list-controller.ts) in
 * its context, drawn by ListLayout.
 */
export function ResourcePage<T extends RecordMeta, V extends FormValues>({
  resource,
}: {
  resource: ResourceScreen<T, V>;
}) {
  return (
    <ListBase resource={resource}>
      <ListLayout<T, V> />
    </ListBase>
  );
}

/**
 * Toolbar, rows, paging and the form of the list in context. Only draws: a table from tablet width
 * up, cards on a phone (with the filters in a drawer and New floating at the bottom), or the
 * resource's own body (the image grid).
 */
export function ListLayout<T extends RecordMeta, V extends FormValues>() {
  const list = useListContext<T, V>();
  const { resource, search, serverDown, edit, remove, preloadForm } = list;
  const { i18n } = useLingui();
  const phone = usePhone();
  const form = resource.form;
  const createLabel = form ? i18n._(resource.labels.create) : undefined;
  const Body: ComponentType<ResourceBodyProps<T>> = resource.body ?? (phone ? ResourceCards : ResourceTable);
  const csvExport = useCsvExport(resource, search);
  const exporting = resource.exportable !== false ? csvExport : undefined;

  // The row buttons, with an identity that changes only with what they show: the table draws its
  // rows again only when what it is given changes (the controller's callbacks are stable).
  const actions = useMemo(
    () =>
      // A read-only list (audit) has no actions column at all.
      list.hasActions
        ? (row: T) => (
            <RowActions
              title={resource.recordTitle(row)}
              onEdit={edit && (() => edit(row))}
              onEditIntent={edit && preloadForm}
              onDelete={remove && (() => remove(row))}
              serverDown={serverDown}
              actionsOffline={resource.rowActionsOffline}
            >
              {resource.rowActions?.(row)}
            </RowActions>
          )
        : undefined,
    [list.hasActions, edit, remove, preloadForm, resource, serverDown],
  );

  return (
    <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }} pb={phone && form ? '80px' : undefined}>
      <Stack gap="md">
        <ListToolbar
          search={search}
          setSearch={list.setSearch}
          filters={resource.filters ?? []}
          phone={phone}
          selectedCount={list.selected.size}
          onBulkDelete={list.bulkDelete}
          bulkDeleteAll={list.bulk.allMatching ? list.bulk.total : undefined}
          serverDown={serverDown}
          // On a phone New floats at the bottom instead (below).
          createLabel={phone ? undefined : createLabel}
          onCreate={list.create}
          onCreateIntent={preloadForm}
          selectionActions={list.bulk.batchButton}
          mainAction={phone ? resource.toolbar : undefined}
          extra={
            phone ? (
              <ViewsButton
                views={list.views}
                allColumns={resource.columns}
                search={search}
                apply={list.applyView}
                overflow={{
                  items: <PhoneOverflowItems exporting={exporting} onImport={list.bulk.openImport} />,
                  busy: exporting?.busy,
                }}
              />
            ) : (
              <>
                <ViewsButton views={list.views} allColumns={resource.columns} search={search} apply={list.applyView} />
                {exporting && <ExportMenu {...exporting} />}
                {list.bulk.importButton}
                {resource.toolbar}
              </>
            )
          }
        />
        <Suspense fallback={null}>
          {list.cachedAt !== undefined && <OfflineBanner cachedAt={list.cachedAt} />}
          {form && list.pendingWrites.length > 0 && (
            <PendingWritesNotice writes={list.pendingWrites} onReview={list.review} />
          )}
        </Suspense>
        {list.bulk.banner}
        {list.error && list.offlineError ? (
          <Suspense fallback={null}>
            <OfflineEmpty onRetry={list.refetch} retrying={list.isFetching} />
          </Suspense>
        ) : list.error ? (
          <Suspense fallback={null}>
            <ListError message={list.error.message} onRetry={list.refetch} retrying={list.isFetching} />
          </Suspense>
        ) : (
          <Body
            columns={list.columns}
            density={list.density}
            rows={list.rows}
            stale={list.stale}
            filtered={list.filtered}
            search={search}
            onSort={list.sort}
            selectable={list.selectable}
            selected={list.selected}
            onSelect={list.select}
            recordTitle={resource.recordTitle}
            actions={actions}
            empty={resource.empty}
          />
        )}
        <ListFooter
          total={list.total}
          pageNum={search.pageNum}
          pageSize={search.pageSize}
          onPage={list.setPage}
          onPageSize={list.setPageSize}
        />
      </Stack>
      {list.bulk.dialogs}
      {form && list.editing && (
        <Suspense fallback={null}>
          <ResourceFormModal
            resource={{ ...resource, form }}
            row={list.editing.row}
            findLatest={list.findLatest}
            resume={list.editing.resume}
            onClosed={list.closeForm}
          />
        </Suspense>
      )}
      {phone && createLabel && list.create && (
        // Always in reach of a thumb, whatever the scroll; the page keeps room below its footer.
        // 48 px tall in px, not rem: the size setting scales rem down, and a thumb's main action
        // needs 44 px at least (md was 39 px at the default size).
        <Affix position={{ bottom: 16, right: 16 }} zIndex={150}>
          <Button
            size="md"
            radius="xl"
            leftSection={<IconPlus size={18} aria-hidden />}
            onClick={list.create}
            onPointerDown={preloadForm}
            data-testid="create-record"
            style={{ boxShadow: 'var(--mantine-shadow-md)', height: 48, minWidth: 48 }}
          >
            {createLabel}
          </Button>
        </Affix>
      )}
    </Paper>
  );
}

/**
 * What a phone's "More actions" menu holds besides the saved views: the export in both forms and
 * the import, each a menu item (reached with the arrow keys, read as items by a screen reader).
 */
function PhoneOverflowItems({ exporting, onImport }: { exporting?: CsvExport; onImport?: () => void }) {
  return (
    <>
      {exporting && (
        <>
          <Menu.Label>
            <Group gap={6} wrap="nowrap">
              <IconDownload size={14} aria-hidden />
              <Trans>Export CSV</Trans>
            </Group>
          </Menu.Label>
          <ExportItems run={exporting.run} />
        </>
      )}
      {onImport && (
        <Menu.Item leftSection={<IconUpload size={14} aria-hidden />} onClick={onImport} data-testid="import-csv">
          <Trans>Import CSV</Trans>
        </Menu.Item>
      )}
    </>
  );
}
