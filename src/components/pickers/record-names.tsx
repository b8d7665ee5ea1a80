import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { SubclassOption } from '../../contract/options';
import { knownNameIn } from './known-names';
import { allSubclassesQuery, categoryListQuery } from './picker-queries';

/** A category id shown as its name (conflict comparison, read-only views). */
export function CategoryName({ id }: { id: unknown }) {
  const queryClient = useQueryClient();
  const { data } = useQuery(categoryListQuery());
  const name = data?.find((c) => c.id === id)?.name ?? knownNameIn(queryClient, { categoryId: id }, 'categoryName');
  return <>{name ?? `#${String(id)}`}</>;
}

/**
 * A subclass id shown as its name: from the list of all subclasses (loaded here when no screen
 * has loaded it yet: a book's record page opened on its own showed "#24"), meanwhile from
 * whichever subclass lists are already loaded, and without any (offline) from a record naming it.
 */
export function SubclassName({ id }: { id: unknown }) {
  const queryClient = useQueryClient();
  const { data } = useQuery(allSubclassesQuery());
  const lists = queryClient.getQueriesData<SubclassOption[]>({ queryKey: allSubclassesQuery().queryKey });
  const name =
    [...(data ?? []), ...lists.flatMap(([, list]) => list ?? [])].find((s) => s.id === id)?.name ??
    knownNameIn(queryClient, { subclassId: id }, 'subclassName');
  return <>{name ?? `#${String(id)}`}</>;
}
