import { ModalsProvider } from '@mantine/modals';

/** Mantine's dialog provider (loaded with the first confirmation, components/confirm-modal.tsx). */
export default function ModalsHost() {
  return <ModalsProvider />;
}
