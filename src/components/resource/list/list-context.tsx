import { createContext, type ReactNode, use } from 'react';
import type { RecordMeta } from '../../../contract/common';
import type { FormValues, ResourceScreen } from '../types';
import { type ListController, useListController } from './use-list-controller';

// biome-ignore lint/suspicious/noExplicitAny: one context for lists of any record type; useListContext types it
const ListContext = createContext<ListController<any, any> | null>(null);

/** Hands a list controller to the views below it (ra-core's ListContextProvider). */
export function ListContextProvider<T extends RecordMeta, V extends FormValues>({
  value,
  children,
}: {
  value: ListController<T, V>;
  children: ReactNode;
}) {
  return <ListContext value={value}>{children}</ListContext>;
}

/** The list controller of the screen: what a view of the list draws from. */
export function useListContext<T extends RecordMeta, V extends FormValues = FormValues>(): ListController<T, V> {
  const list = use(ListContext);
  if (!list) throw new Error('useListContext outside a list (ListBase or ListContextProvider)');
  return list as ListController<T, V>;
}

/** The controller of `resource` in its context, nothing drawn (ra-core's ListBase). */
export function ListBase<T extends RecordMeta, V extends FormValues>({
  resource,
  children,
}: {
  resource: ResourceScreen<T, V>;
  children: ReactNode;
}) {
  const list = useListController(resource);
  return <ListContextProvider value={list}>{children}</ListContextProvider>;
}
