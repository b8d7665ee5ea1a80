import { useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';

/** What an empty list says, as a table's row or in place of its cards: why, and what to do first. */
export function EmptyListText({ filtered, empty }: { filtered: boolean; empty?: ReactNode }) {
  const { t } = useLingui();
  if (filtered) return t`Nothing matches the search and filters.`;
  return (
    <>
      {t`Nothing has been added yet.`} {empty}
    </>
  );
}
