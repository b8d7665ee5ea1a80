import '@mantine/spotlight/styles.layer.css';
import { useLingui } from '@lingui/react/macro';
import { createSpotlight, Spotlight, type SpotlightActionData } from '@mantine/spotlight';
import { IconSearch } from '@tabler/icons-react';
import { useNavigate } from '@tanstack/react-router';
import { useEffect, useMemo, useState } from 'react';
import { useSnapshot } from 'valtio';
import { filterRoutes } from '../../lib/access';
import { createRouteSearch, searchEntries } from '../../lib/route-search';
import { sessionStore } from '../../stores/session';
import { settingsStore } from '../../stores/settings';
import { MENU_ICONS } from '../menu-icons';
import { useRouteTree } from '../use-route-tree';

type ToPinyin = (text: string) => string[];

/**
 * The header search's dialog (loaded on first use by header-search.tsx): Fuse over the permitted
 * pages, with pinyin forms of Chinese titles when the setting is on. It opens each time `asked`
 * grows (the header's icon and shortcut count the requests).
 */
export default function SearchSpotlight({ asked }: { asked: number }) {
  const tree = useRouteTree();
  const { t, i18n } = useLingui();
  const navigate = useNavigate();
  const { roles } = useSnapshot(sessionStore);
  const { supportPinyinSearch } = useSnapshot(settingsStore);
  const [[store, spotlight]] = useState(createSpotlight);
  const [query, setQuery] = useState('');
  const [pinyinOf, setPinyinOf] = useState<ToPinyin | null>(null);
  // The i18n object stays the same when the language changes; its locale is what the entries
  // (translated titles, pinyin only in Chinese) depend on.
  const locale = i18n.locale;
  const wantPinyin = supportPinyinSearch && locale === 'zh';

  useEffect(() => {
    if (asked > 0) spotlight.open();
  }, [asked, spotlight]);

  // pinyin-pro only for a Chinese search with pinyin on; until it arrives, titles and paths match.
  useEffect(() => {
    if (!wantPinyin || pinyinOf) return;
    let live = true;
    void import('../../lib/pinyin-forms').then((m) => {
      if (live) setPinyinOf(() => m.pinyinForms);
    });
    return () => {
      live = false;
    };
  }, [wantPinyin, pinyinOf]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: the locale changes what i18n._ returns
  const { actions, search } = useMemo(() => {
    const permitted = filterRoutes(tree, roles);
    const entries = searchEntries(
      permitted,
      (n) => (n.meta ? i18n._(n.meta.title) : n.path),
      wantPinyin ? pinyinOf : null,
    );
    const icons = new Map(tree.flatMap((n) => [n, ...(n.children ?? [])]).map((n) => [n.path, n.meta?.icon]));
    const actions: SpotlightActionData[] = entries.map((e) => {
      const icon = icons.get(e.path);
      const Icon = icon ? MENU_ICONS[icon] : IconSearch;
      return {
        id: e.path,
        label: e.title.join(' › '),
        description: e.path,
        leftSection: <Icon size={20} stroke={1.5} aria-hidden />,
        onClick: () => navigate({ to: e.path }),
      };
    });
    return { actions, search: createRouteSearch(entries) };
  }, [tree, roles, wantPinyin, pinyinOf, i18n, locale, navigate]);

  // The first result is the one Enter opens. Spotlight marks it a tick after each keystroke, which
  // can come before the new results are on screen (then nothing is marked and Enter does nothing);
  // marking it again once they have rendered (after each query, and when pinyin arrives) makes
  // Enter reliable however fast one types.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs after each query's results render
  useEffect(() => {
    const { listId } = store.getState();
    const list = listId ? document.getElementById(listId) : null;
    if (!list) return;
    list.querySelector('[data-selected]')?.removeAttribute('data-selected');
    list.querySelector('[data-action]')?.setAttribute('data-selected', 'true');
    store.updateState((s) => ({ ...s, selected: 0 }));
  }, [query, search, store]);

  return (
    <Spotlight
      store={store}
      query={query}
      onQueryChange={setQuery}
      actions={actions}
      filter={(query, all) => {
        if (!query.trim()) return all;
        const byId = new Map((all as SpotlightActionData[]).map((a) => [a.id, a]));
        return search(query).flatMap((hit) => byId.get(hit.path) ?? []);
      }}
      // The header's own shortcut opens it (it must work before this code has loaded).
      shortcut={null}
      nothingFound={t`No matching page`}
      highlightQuery
      limit={12}
      searchProps={{
        placeholder: t`Search pages by title, pinyin or path`,
        leftSection: <IconSearch size={18} />,
        'aria-label': t`Search pages`,
      }}
    />
  );
}
