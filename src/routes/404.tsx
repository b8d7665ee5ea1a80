import { createFileRoute } from '@tanstack/react-router';
import { NotFoundPage } from '../shell/error-pages';

export const Route = createFileRoute('/404')({ component: NotFoundPage });
