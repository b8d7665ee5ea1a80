import { createFileRoute } from '@tanstack/react-router';
import { UploadIndicatorSlot } from '../features/video-upload/components/upload-indicator-slot';
import { ConsoleLayout } from '../shell/layout/console-layout';
import { consoleGuard } from './-guard';

/**
 * Every page of the role-gated tree renders inside the console shell. The role guard sits here and
 * reads each route's `staticData` (title, icon, roles, affix), the same meta the menu draws.
 */
export const Route = createFileRoute('/_console')({
  beforeLoad: (opts): Promise<void> => consoleGuard(Route, opts),
  component: Console,
});

/** The upload indicator is a feature; the route puts it into the shell's navbar. */
function Console() {
  return <ConsoleLayout navbarExtra={<UploadIndicatorSlot />} />;
}
