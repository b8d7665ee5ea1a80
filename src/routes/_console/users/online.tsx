import { msg } from '@lingui/core/macro';
import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import { LIST_DEFAULTS } from '../../../components/resource/list-search';
import { messagesQuery } from '../../../resources/message/api';
import { MessagesPage } from '../../../resources/message/components/messages-page';
import { onlineSearchSchema } from '../../../resources/message/model';
import { messageSpec } from '../../../resources/message/spec';

export const Route = createFileRoute('/_console/users/online')({
  staticData: { title: msg`Online messages`, ...messageSpec.menu, roles: messageSpec.roles },
  validateSearch: onlineSearchSchema,
  search: { middlewares: [stripSearchParams(LIST_DEFAULTS)] },
  loaderDeps: ({ search }) => search,
  loader: ({ context: { queryClient }, deps }) => {
    void queryClient.prefetchQuery(messagesQuery(deps));
  },
  component: MessagesPage,
});
