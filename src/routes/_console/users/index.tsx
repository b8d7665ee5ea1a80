import { msg } from '@lingui/core/macro';
import { createFileRoute, redirect } from '@tanstack/react-router';

export const Route = createFileRoute('/_console/users/')({
  staticData: { title: msg`User management`, icon: 'people', roles: 'everyone', order: 2 },
  beforeLoad: () => {
    throw redirect({ to: '/users/user', replace: true });
  },
});
