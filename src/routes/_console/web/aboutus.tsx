import { createFileRoute } from '@tanstack/react-router';
import { PlaceholderPage } from '../../../shell/placeholder-page';

export const Route = createFileRoute('/_console/web/aboutus')({ component: PlaceholderPage });
