import { Trans } from '@lingui/react/macro';
import { IconLayoutColumns } from '@tabler/icons-react';
import { Suspense, useState } from 'react';
import type { RecordMeta } from '../../../contract/common';
import { lazy } from '../../../lib/lazy';
import { MenuButton, MoreButton } from '../../menu-button';
import type ViewsMenuType from './views-menu';

const loadMenu = () => import('./views-menu');
// The menu, its dialogs and the column chooser load when the user reaches for the button: the
// list's cold load stays within its budget. (Typed as the generic component it is.)
const ViewsMenu = lazy(loadMenu) as unknown as typeof ViewsMenuType;

type Props<T extends RecordMeta> = Omit<Parameters<typeof ViewsMenuType<T>>[0], 'initiallyOpened'>;

/**
 * The "Views" button of the list toolbar, or on a phone its "More actions" button (views, export and
 * import in one menu); a plain button until its menu's code has loaded.
 */
export function ViewsButton<T extends RecordMeta>(props: Props<T>) {
  const [wanted, setWanted] = useState<'no' | 'preload' | 'open'>('no');
  const placeholder = props.overflow ? (
    <MoreButton
      data-testid="list-more"
      aria-haspopup="menu"
      aria-expanded={false}
      onPointerEnter={() => void loadMenu()}
      onFocus={() => void loadMenu()}
      onClick={() => setWanted('open')}
    />
  ) : (
    // The same button as the menu's own, so nothing moves when it takes this one's place.
    <MenuButton
      icon={IconLayoutColumns}
      data-testid="views-menu"
      onPointerEnter={() => void loadMenu()}
      onFocus={() => void loadMenu()}
      onClick={() => setWanted('open')}
    >
      {props.views.active ? props.views.active.name : <Trans>Views</Trans>}
    </MenuButton>
  );
  if (wanted === 'no') return placeholder;
  return (
    <Suspense fallback={placeholder}>
      <ViewsMenu {...props} initiallyOpened={wanted === 'open'} />
    </Suspense>
  );
}
