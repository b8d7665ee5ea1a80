import { lazy } from '../../../lib/lazy';
import type { ResourceFormModal as FormModal } from './resource-form-modal';

/** Starts loading the form early (on the intent to open it), so it opens at once. */
export const loadFormModal = () => import('./resource-form-modal');

// The form (its inputs, @mantine/form, the contract's schemas and zod) loads when it first opens.
// (Typed as the generic component it is: `lazy` would pin its type parameters.)
export const ResourceFormModal = lazy(() =>
  loadFormModal().then((m) => ({ default: m.ResourceFormModal })),
) as unknown as typeof FormModal;
