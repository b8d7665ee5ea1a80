import { createFileRoute } from '@tanstack/react-router';
import { LoginPage } from '../shell/login/login-page';

export const Route = createFileRoute('/login')({
  // A plain check, not zod: the sign-in page stays light (bench: bundle).
  validateSearch: (search: Record<string, unknown>): { redirect?: string } => ({
    redirect: typeof search.redirect === 'string' ? search.redirect : undefined,
  }),
  component: LoginPage,
});
