import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ListSearch } from '../../components/resource/list/list-search';
import { resourceApiOf } from '../../components/resource/resource-api';
import { messageUpdateBody } from './model';
import type { Message } from './schema';
import { messageSpec } from './spec';

/** `/online`: messages from the site's readers (docs/api.md §4). Keys: ['message', 'page', body]. */
export const messageApi = resourceApiOf<Message>('message', messageSpec);

export const messagesQuery = (search: Partial<ListSearch>) => messageApi.pageQuery(search);

/** Mark read, or save a reply: a PUT with the version the drawer holds; the list refreshes after. */
export function useUpdateMessage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (v: { message: Message; patch: Parameters<typeof messageUpdateBody>[1]; keptOffline?: boolean }) =>
      // keptOffline: a reply that gets no answer is kept on this device by the drawer (no toast).
      messageApi.update(messageUpdateBody(v.message, v.patch), v.keptOffline ? { keptOffline: true } : undefined),
    onSettled: () => queryClient.invalidateQueries({ queryKey: messageApi.key }),
  });
}
