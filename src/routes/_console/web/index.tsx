import { msg } from '@lingui/core/macro';
import { createFileRoute, redirect } from '@tanstack/react-router';

export const Route = createFileRoute('/_console/web/')({
  staticData: { title: msg`Interface management`, icon: 'component', roles: 'everyone', order: 1 },
  beforeLoad: () => {
    throw redirect({ to: '/web/book', replace: true });
  },
});
