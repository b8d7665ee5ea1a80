import { createFileRoute } from '@tanstack/react-router';
import { AuthRedirectPage } from '../shell/error-pages';

export const Route = createFileRoute('/auth-redirect')({ component: AuthRedirectPage });
