import { createFileRoute } from '@tanstack/react-router';
import { SignInDocument } from '../shell/sign-in-document';

export const Route = createFileRoute('/login')({
  // A plain check, not zod: the route stays light (bench: bundle).
  validateSearch: (search: Record<string, unknown>): { redirect?: string } => ({
    redirect: typeof search.redirect === 'string' ? search.redirect : undefined,
  }),
  component: SignInDocument,
});
