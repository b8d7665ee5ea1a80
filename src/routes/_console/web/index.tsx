import { createFileRoute, redirect } from '@tanstack/react-router';

export const Route = createFileRoute('/_console/web/')({
  beforeLoad: () => {
    throw redirect({ to: '/web/book', replace: true });
  },
});
