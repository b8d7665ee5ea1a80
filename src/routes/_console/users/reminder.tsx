import { msg } from '@lingui/core/macro';
import { createFileRoute } from '@tanstack/react-router';
import { remindersQuery } from '../../../resources/reminder/api';
import { RemindersPage } from '../../../resources/reminder/components/reminders-page';
import { reminderSearchSchema } from '../../../resources/reminder/model';
import { reminderSpec } from '../../../resources/reminder/spec';
import { listRoute } from '../../-list-route';

export const Route = createFileRoute('/_console/users/reminder')({
  staticData: { title: msg`Reminders`, ...reminderSpec.menu, roles: reminderSpec.roles },
  ...listRoute(reminderSearchSchema, (deps, queryClient) => queryClient.prefetchQuery(remindersQuery(deps))),
  component: RemindersPage,
});
