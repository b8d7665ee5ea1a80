import { useLingui } from '@lingui/react/macro';
import { CloseButton, Group, UnstyledButton } from '@mantine/core';
import { useHotkeys } from '@mantine/hooks';
import { useNavigate, useRouter } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';
import { useSnapshot } from 'valtio';
import { Menu } from '../../components/floating';
import { findRoute } from '../../lib/access';
import { SHORTCUTS } from '../../lib/shortcuts';
import {
  closeAll,
  closeOthers,
  closeView,
  neighbourAfterClose,
  setTags,
  siblingView,
  tagsStore,
  type VisitedView,
  viewKey,
} from '../../stores/tags-view';
import { useShownLocation } from '../shown-location';
import { useRouteTree } from '../use-route-tree';
import classes from './tags-view.module.css';
import { useTagsSync } from './use-tags-sync';

/** Tabs of visited pages (docs/product.md §2): right-click for Refresh, Close, Close Others, Close All. */
export function TagsView() {
  const tree = useRouteTree();
  useTagsSync();
  const { t, i18n } = useLingui();
  const { visitedViews } = useSnapshot(tagsStore);
  const location = useShownLocation();
  const navigate = useNavigate();
  const [menu, setMenu] = useState<{ view: VisitedView; x: number; y: number } | null>(null);

  const router = useRouter();
  const keyOf = (l: { pathname: string; searchStr: string }) =>
    viewKey(l.pathname, l.searchStr, Boolean(findRoute(tree, l.pathname)?.meta?.tabPerSearch));
  // The tab drawn as current follows the shown address; what a key or a menu acts on is the
  // router's own, which a quick second key press can be ahead of the strip's.
  const activeKey = keyOf(location);
  const currentKey = () => keyOf(router.state.location);
  // With more tabs than fit, the strip scrolls so the current page's tab is in sight.
  const strip = useRef<HTMLDivElement>(null);
  const count = visitedViews.length;
  const mounted = useRef(false);
  useEffect(() => {
    if (count === 0) return;
    // A block body: Chromium's scrollIntoView may return a promise, and an effect returning it
    // would hand React a non-function as its cleanup ("is not a function" on the next change).
    const reveal = (): void => {
      strip.current
        ?.querySelector(`[data-key="${CSS.escape(activeKey)}"]`)
        ?.scrollIntoView({ block: 'nearest', inline: 'nearest' });
    };
    if (mounted.current) {
      // In the next frame, with the layout the browser makes anyway, not in the click that
      // navigated (scrolling now would lay the page out inside that task).
      const frame = requestAnimationFrame(reveal);
      return () => cancelAnimationFrame(frame);
    }
    // At start-up, scrolling here would lay the whole console out before its first paint, in the
    // longest task of a cold load (bench: a phone's CPU): after it, when the browser is idle.
    mounted.current = true;
    if (typeof requestIdleCallback !== 'function') return reveal();
    const id = requestIdleCallback(reveal, { timeout: 500 });
    return () => cancelIdleCallback(id);
  }, [activeKey, count]);
  // A record page's tab says which record: "Book #12" by its route and number in the user's
  // language, its record's title once its page has named it (use-tab-title.ts).
  const routeName = (v: VisitedView) => {
    const meta = findRoute(tree, v.path)?.meta;
    if (!meta) return v.path;
    return v.path.includes('$') ? `${i18n._(meta.title)} #${v.key.split('/').pop()}` : i18n._(meta.title);
  };
  const title = (v: VisitedView) => v.title || routeName(v);

  const go = (href: string) => navigate({ href });
  const close = (view: VisitedView) => {
    const before = { visitedViews: [...tagsStore.visitedViews], cachedViews: [...tagsStore.cachedViews] };
    const after = closeView(before, view.key);
    if (after === before) return;
    setTags(after);
    if (view.key === currentKey()) go(neighbourAfterClose(before, view.key)?.href ?? '/index');
  };
  const others = (view: VisitedView) => {
    setTags(closeOthers(tagsStore, view.key));
    if (view.key !== currentKey()) go(view.href);
  };
  const all = () => {
    const next = closeAll(tagsStore);
    setTags(next);
    const current = currentKey();
    if (!next.visitedViews.some((v) => v.key === current)) go(next.visitedViews[0]?.href ?? '/index');
  };
  const step = (by: 1 | -1) => {
    const current = currentKey();
    const next = siblingView(tagsStore, current, by);
    if (next && next.key !== current) go(next.href);
  };
  useHotkeys([
    [
      SHORTCUTS.closeTab.hotkey,
      () => {
        const current = currentKey();
        const view = tagsStore.visitedViews.find((v) => v.key === current);
        if (view && !view.affix) close(view);
      },
    ],
    [SHORTCUTS.nextTab.hotkey, () => step(1)],
    [SHORTCUTS.previousTab.hotkey, () => step(-1)],
  ]);
  // Refresh re-enters the page through /redirect, which remounts it and refetches its data.
  const refresh = (view: VisitedView) => go(`/redirect${view.href}`);

  return (
    <nav className={classes.bar} aria-label={t`Open pages`} data-testid="tags-view">
      <div className={classes.strip}>
        <Group ref={strip} gap={6} wrap="nowrap" px="sm" py={4}>
          {visitedViews.map((v) => (
            // biome-ignore lint/a11y/noStaticElementInteractions: the context menu is also on Shift+F10 of the tab's button
            <div
              key={v.key}
              className={classes.tag}
              data-active={v.key === activeKey || undefined}
              data-testid="tag"
              data-key={v.key}
              onAuxClick={(e) => {
                if (e.button === 1) {
                  e.preventDefault();
                  close(v);
                }
              }}
              onContextMenu={(e) => {
                // Also what Shift+F10 and the context-menu key send to the focused tab: the browser
                // fires this event for them (handling their keydown instead loses the menu at once,
                // as the browser goes on to open its own). Those come without a pointer position.
                e.preventDefault();
                const fromKeyboard = e.clientX === 0 && e.clientY === 0;
                const r = (e.target as HTMLElement).getBoundingClientRect();
                setMenu({ view: v, x: fromKeyboard ? r.left : e.clientX, y: fromKeyboard ? r.bottom : e.clientY });
              }}
            >
              <UnstyledButton
                className={classes.label}
                aria-current={v.key === activeKey ? 'page' : undefined}
                onClick={() => go(v.href)}
                // A named tab still says what it is ("Book #12"), as two records may share a title;
                // a long title is cut, and this gives it whole.
                title={v.title ? `${v.title} (${routeName(v)})` : undefined}
              >
                {v.title ? <span className={classes.name}>{v.title}</span> : title(v)}
              </UnstyledButton>
              {!v.affix && (
                <CloseButton
                  size={24}
                  iconSize={12}
                  className={classes.close}
                  aria-label={t`Close ${title(v)}`}
                  onClick={() => close(v)}
                />
              )}
            </div>
          ))}
        </Group>
      </div>
      <Menu opened={menu !== null} onChange={(o) => !o && setMenu(null)} position="bottom-start" withinPortal>
        <Menu.Target>
          {/* The menu opens at the pointer; its anchor is a real (invisible, unfocusable) button so
              the popup attributes the menu puts on it are valid ARIA. */}
          <button
            type="button"
            tabIndex={-1}
            aria-label={t`Tab menu`}
            className={classes.anchor}
            style={{ left: menu?.x ?? 0, top: menu?.y ?? 0 }}
          />
        </Menu.Target>
        {menu && (
          <Menu.Dropdown data-testid="tag-menu">
            <Menu.Item onClick={() => refresh(menu.view)}>{t`Refresh`}</Menu.Item>
            <Menu.Item disabled={menu.view.affix} onClick={() => close(menu.view)}>
              {t`Close`}
            </Menu.Item>
            <Menu.Item onClick={() => others(menu.view)}>{t`Close Others`}</Menu.Item>
            <Menu.Item onClick={all}>{t`Close All`}</Menu.Item>
          </Menu.Dropdown>
        )}
      </Menu>
    </nav>
  );
}
