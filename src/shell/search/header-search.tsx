import { useLingui } from '@lingui/react/macro';
import { ActionIcon, Kbd } from '@mantine/core';
import { useHotkeys } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { Suspense, useState } from 'react';
import { Tooltip } from '../../components/floating';
import { lazy } from '../../lib/lazy';
import { SHORTCUTS } from '../../lib/shortcuts';

const load = () => import('./search-spotlight');
// The spotlight, Fuse and (in Chinese) pinyin load when the user first asks for the search.
const SearchSpotlight = lazy(load);

/** Fuzzy search over the pages the user may see (docs/product.md §2); ⌘K / Ctrl+K or the icon opens it. */
export function HeaderSearch() {
  const { t } = useLingui();
  // How many times the search was asked for: the spotlight mounts at the first and opens at each.
  const [asked, setAsked] = useState(0);
  const open = () => setAsked((n) => n + 1);
  useHotkeys([[SHORTCUTS.search.hotkey, open]]);
  return (
    <>
      <Tooltip
        label={
          <>
            {t`Search pages`} <Kbd size="xs">Ctrl K</Kbd>
          </>
        }
      >
        <ActionIcon
          variant="subtle"
          color="gray"
          size="lg"
          onClick={open}
          // Pointing at the icon is a good sign a click follows: fetch the code meanwhile.
          onPointerEnter={() => void load()}
          onFocus={() => void load()}
          aria-label={t`Search pages`}
          data-testid="header-search"
        >
          <IconSearch size={20} />
        </ActionIcon>
      </Tooltip>
      {asked > 0 && (
        <Suspense fallback={null}>
          <SearchSpotlight asked={asked} />
        </Suspense>
      )}
    </>
  );
}
