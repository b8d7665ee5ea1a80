import { Trans, useLingui } from '@lingui/react/macro';
import { IconCheck, IconLayoutColumns, IconStar } from '@tabler/icons-react';
import { type ReactNode, useCallback, useRef, useState } from 'react';
import type { RecordMeta } from '../../../contract/common';
import type { ListView } from '../../../contract/views';
import { Menu } from '../../floating';
import { MenuButton, MoreButton } from '../../menu-button';
import type { ListSearch } from '../list/list-search';
import type { ColumnDef } from '../types';
import type { ListViews } from './use-list-views';
import { ViewDeleteDialog } from './view-delete-dialog';
import { ViewNameDialog } from './view-name-dialog';
import { useViewWrites } from './views-api';
import { ViewsColumnsDialog } from './views-columns';
import { layoutOf, type ViewLayout, viewsStore } from './views-store';

interface Props<T extends RecordMeta> {
  views: ListViews;
  allColumns: ColumnDef<T>[];
  search: ListSearch;
  apply: (search: Record<string, string | number | boolean>) => void;
  /** Opened by the click that loaded this code. */
  initiallyOpened?: boolean;
  /**
   * A phone's toolbar: the menu opens from a "More actions" button and also holds these items (the
   * export, the import), so the toolbar keeps to one row.
   */
  overflow?: { items: ReactNode; busy?: boolean };
}

type Dialog =
  | { kind: 'save' }
  | { kind: 'rename'; view: ListView }
  | { kind: 'delete'; view: ListView }
  | { kind: 'columns' };

/**
 * The list toolbar's "Views" menu (loaded when first wanted): apply a saved view, save the current
 * filters, sort and layout as one, rename, delete, make it the default, choose columns and density.
 */
export default function ViewsMenu<T extends RecordMeta>({
  views,
  allColumns,
  search,
  apply,
  initiallyOpened,
  overflow,
}: Props<T>) {
  const { t } = useLingui();
  const [opened, setOpened] = useState(Boolean(initiallyOpened));
  const [dialog, setDialog] = useState<Dialog | undefined>();
  const { noun, active } = views;
  const writes = useViewWrites(noun);
  const all = views.views ?? [];
  // As the menu opens, the focus goes to its first item, where the arrow keys, Enter and Escape
  // work (the menu button pattern). Mantine would put it on a placeholder before the items, which
  // is not an item of the menu (axe: aria-required-children), so it is left out and the focus
  // stayed on the button, or on the page when the click that loaded this code was on the
  // placeholder button, now gone.
  const dropdownRef = useRef<HTMLDivElement | null>(null);
  const openedNow = useRef(opened);
  openedNow.current = opened;
  // Stable, so that React calls it only as the dropdown mounts and unmounts, not at each render.
  const focusFirstItem = useCallback((dropdown: HTMLDivElement | null) => {
    dropdownRef.current = dropdown;
    if (!dropdown) return;
    requestAnimationFrame(() => {
      const focused = document.activeElement;
      // Not while it closes (its transition may draw it anew), nor away from where the user is.
      if (!openedNow.current || (focused && focused !== document.body && focused !== target.current)) return;
      dropdown.querySelector<HTMLElement>('[data-menu-item]:not(:disabled):not([data-disabled])')?.focus();
    });
  }, []);
  // Mantine gives the focus back to what had it when the menu opened, but this one was open as it
  // mounted: closed, the focus would be left on the page (or on an item on its way out). Back on
  // the button, as Escape should.
  const target = useRef<HTMLButtonElement>(null);
  const change = (open: boolean) => {
    setOpened(open);
    const focused = document.activeElement;
    if (!open && (!focused || focused === document.body || dropdownRef.current?.contains(focused)))
      target.current?.focus();
  };

  /** A dialog closes once the server took what it asked for; on a refusal it stays open. */
  const closeIf = async (done: Promise<boolean>) => {
    if (await done) setDialog(undefined);
  };
  const use = (v: ListView) => {
    viewsStore.active[noun] = v.id;
    apply(v.search);
  };
  const setLayout = (layout: ViewLayout) => {
    if (active) return closeIf(writes.saveLayout(active, layout));
    viewsStore.layout[noun] = layout;
    setDialog(undefined);
  };

  return (
    <>
      {/* No focus placeholder: it is a non-item child of role="menu" (axe: aria-required-children);
          the focus trap takes the first item instead. */}
      <Menu position="bottom-end" withinPortal opened={opened} onChange={change} withInitialFocusPlaceholder={false}>
        <Menu.Target>
          {overflow ? (
            <MoreButton
              ref={target}
              loading={writes.busy || overflow.busy}
              data-testid="list-more"
              data-autofocus={initiallyOpened || undefined}
            />
          ) : (
            <MenuButton
              ref={target}
              icon={IconLayoutColumns}
              loading={writes.busy}
              data-testid="views-menu"
              // Focus follows from the placeholder this button replaces.
              data-autofocus={initiallyOpened || undefined}
            >
              {active ? active.name : <Trans>Views</Trans>}
            </MenuButton>
          )}
        </Menu.Target>
        {/* Never wider than a phone's screen: long items (es, ja) wrap instead. */}
        <Menu.Dropdown data-testid="views-dropdown" maw="calc(100vw - 16px)" ref={focusFirstItem}>
          <Menu.Label>
            <Trans>Saved views</Trans>
          </Menu.Label>
          {/* Items, not text: a menu holds only menu items (axe: aria-required-children). */}
          {views.failed && (
            <Menu.Item disabled>
              <Trans>Saved views could not be loaded.</Trans>
            </Menu.Item>
          )}
          {all.length === 0 && !views.failed && (
            <Menu.Item disabled>
              <Trans>No saved views yet.</Trans>
            </Menu.Item>
          )}
          {all.map((v) => (
            <Menu.Item
              key={v.id}
              onClick={() => use(v)}
              data-testid="views-item"
              aria-current={v.id === active?.id || undefined}
              leftSection={v.id === active?.id ? <IconCheck size={14} aria-hidden /> : <span style={{ width: 14 }} />}
              rightSection={v.isDefault ? <IconStar size={14} aria-label={t`Default view`} role="img" /> : undefined}
            >
              {v.name}
            </Menu.Item>
          ))}
          <Menu.Divider />
          <Menu.Item onClick={() => setDialog({ kind: 'save' })} data-testid="views-save">
            <Trans>Save current filters as a view…</Trans>
          </Menu.Item>
          {active && (
            <>
              <Menu.Item onClick={() => void writes.saveSearch(active, search)} data-testid="views-update">
                <Trans>Save current filters to “{active.name}”</Trans>
              </Menu.Item>
              <Menu.Item onClick={() => setDialog({ kind: 'rename', view: active })} data-testid="views-rename">
                <Trans>Rename…</Trans>
              </Menu.Item>
              <Menu.Item onClick={() => void writes.toggleDefault(active)} data-testid="views-default">
                {active.isDefault ? <Trans>Stop opening the list with it</Trans> : <Trans>Set as default</Trans>}
              </Menu.Item>
              <Menu.Item onClick={() => setDialog({ kind: 'delete', view: active })} data-testid="views-delete">
                <Trans>Delete…</Trans>
              </Menu.Item>
            </>
          )}
          <Menu.Divider />
          <Menu.Item onClick={() => setDialog({ kind: 'columns' })} data-testid="views-columns">
            <Trans>Columns and density…</Trans>
          </Menu.Item>
          {active && (
            <Menu.Item
              onClick={() => {
                viewsStore.active[noun] = undefined;
              }}
              data-testid="views-leave"
            >
              <Trans>Stop using this view</Trans>
            </Menu.Item>
          )}
          {overflow && (
            <>
              <Menu.Divider />
              {overflow.items}
            </>
          )}
        </Menu.Dropdown>
      </Menu>

      <ViewNameDialog
        opened={dialog?.kind === 'save' || dialog?.kind === 'rename'}
        title={dialog?.kind === 'rename' ? t`Rename view` : t`Save view`}
        initial={dialog?.kind === 'rename' ? dialog.view.name : ''}
        withDefault={dialog?.kind === 'save'}
        busy={writes.busy}
        onClose={() => setDialog(undefined)}
        onSubmit={(name, isDefault) =>
          void closeIf(
            dialog?.kind === 'rename'
              ? writes.rename(dialog.view, name)
              : writes.create(name, isDefault, search, views.layout),
          )
        }
      />
      <ViewDeleteDialog
        view={dialog?.kind === 'delete' ? dialog.view : undefined}
        busy={writes.busy}
        onClose={() => setDialog(undefined)}
        onConfirm={(view) => void closeIf(writes.remove(view))}
      />
      <ViewsColumnsDialog
        opened={dialog?.kind === 'columns'}
        columns={allColumns}
        layout={active ? layoutOf(active) : views.layout}
        busy={writes.busy}
        onCancel={() => setDialog(undefined)}
        onSave={(layout) => void setLayout(layout)}
      />
    </>
  );
}
