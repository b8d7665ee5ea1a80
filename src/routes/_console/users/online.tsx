import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import { LIST_DEFAULTS } from '../../../components/resource/list-search';
import { messagesQuery } from '../../../features/messages/api';
import { MessagesPage } from '../../../features/messages/components/messages-page';
import { onlineSearchSchema } from '../../../features/messages/model';

export const Route = createFileRoute('/_console/users/online')({
  validateSearch: onlineSearchSchema,
  search: { middlewares: [stripSearchParams(LIST_DEFAULTS)] },
  loaderDeps: ({ search }) => search,
  loader: ({ context: { queryClient }, deps }) => {
    void queryClient.prefetchQuery(messagesQuery(deps));
  },
  component: MessagesPage,
});
