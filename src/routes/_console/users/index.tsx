import { createFileRoute, redirect } from '@tanstack/react-router';

export const Route = createFileRoute('/_console/users/')({
  beforeLoad: () => {
    throw redirect({ to: '/users/user', replace: true });
  },
});
