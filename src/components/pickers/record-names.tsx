import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { SubclassOption } from '../../contract/options';
import { allSubclassesQuery, categoryListQuery } from './picker-queries';

/** A category id shown as its name (conflict comparison, read-only views). */
export function CategoryName({ id }: { id: unknown }) {
  const { data } = useQuery(categoryListQuery());
  return <>{data?.find((c) => c.id === id)?.name ?? `#${String(id)}`}</>;
}

/**
 * A subclass id shown as its name: from the list of all subclasses (loaded here when no screen
 * has loaded it yet: a book's record page opened on its own showed "#24"), or meanwhile from
 * whichever subclass lists are already loaded.
 */
export function SubclassName({ id }: { id: unknown }) {
  const queryClient = useQueryClient();
  const { data } = useQuery(allSubclassesQuery());
  const lists = queryClient.getQueriesData<SubclassOption[]>({ queryKey: allSubclassesQuery().queryKey });
  const name = [...(data ?? []), ...lists.flatMap(([, list]) => list ?? [])].find((s) => s.id === id)?.name;
  return <>{name ?? `#${String(id)}`}</>;
}
