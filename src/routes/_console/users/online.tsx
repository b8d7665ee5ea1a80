import { msg } from '@lingui/core/macro';
import { createFileRoute } from '@tanstack/react-router';
import { messagesQuery } from '../../../resources/message/api';
import { MessagesPage } from '../../../resources/message/components/messages-page';
import { messageSearchSchema } from '../../../resources/message/model';
import { messageSpec } from '../../../resources/message/spec';
import { listRoute } from '../../-list-route';

export const Route = createFileRoute('/_console/users/online')({
  staticData: { title: msg`Online messages`, ...messageSpec.menu, roles: messageSpec.roles },
  ...listRoute(messageSearchSchema, (deps, queryClient) => queryClient.prefetchQuery(messagesQuery(deps))),
  component: MessagesPage,
});
