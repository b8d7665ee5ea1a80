import { createFileRoute, redirect } from '@tanstack/react-router';

export const Route = createFileRoute('/_console/')({
  staticData: { roles: 'everyone' },
  beforeLoad: () => {
    throw redirect({ to: '/index', replace: true });
  },
});
