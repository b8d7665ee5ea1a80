import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ListSearch } from '../../components/resource/list-search';
import { resourceApiOf } from '../../components/resource/resource-api';
import { onlineUpdateBody } from './model';
import type { Online } from './schema';
import { messageSpec } from './spec';

/** `/online`: messages from the site's readers (docs/api.md §4). Keys: ['online', 'page', body]. */
export const onlineApi = resourceApiOf<Online>(messageSpec);

export const messagesQuery = (search: Partial<ListSearch>) => onlineApi.pageQuery(search);

/** Mark read, or save a reply: a PUT with the version the drawer holds; the list refreshes after. */
export function useUpdateMessage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (v: { message: Online; patch: Parameters<typeof onlineUpdateBody>[1] }) =>
      onlineApi.update(onlineUpdateBody(v.message, v.patch)),
    onSettled: () => queryClient.invalidateQueries({ queryKey: onlineApi.key }),
  });
}
