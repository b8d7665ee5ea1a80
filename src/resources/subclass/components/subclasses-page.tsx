import { useMemo } from 'react';
import { ResourcePage } from '../../../components/resource/list/resource-page';
import { useListUrlState } from '../../../components/resource/list/use-list-url-state';
import type { ResourceScreen } from '../../../components/resource/types';
import type { SubclassFormValues } from '../model';
import { toSubclassFormValues } from '../model';
import { subclassScreen } from '../resource';
import type { Subclass } from '../schema';

/** /web/categorysubclass: a new subclass starts in the category the list is filtered by. */
export function SubclassesPage() {
  const [search] = useListUrlState();
  const categoryId = typeof search.categoryId === 'number' ? search.categoryId : undefined;
  const resource = useMemo<ResourceScreen<Subclass, SubclassFormValues>>(
    () => ({
      ...subclassScreen,
      form: subclassScreen.form && {
        ...subclassScreen.form,
        toValues: (s) => toSubclassFormValues(s, categoryId),
      },
    }),
    [categoryId],
  );
  return <ResourcePage resource={resource} />;
}
