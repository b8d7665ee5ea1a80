import { createFileRoute } from '@tanstack/react-router';
import { ConsoleLayout } from '../shell/layout/console-layout';

/** Every page of the role-gated tree renders inside the console shell. */
export const Route = createFileRoute('/_console')({ component: ConsoleLayout });
