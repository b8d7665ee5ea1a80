import { createFileRoute } from '@tanstack/react-router';
import { ForbiddenPage } from '../shell/error-pages';

export const Route = createFileRoute('/401')({ component: ForbiddenPage });
