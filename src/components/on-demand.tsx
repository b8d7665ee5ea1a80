import { type ReactNode, Suspense, useState } from 'react';

/**
 * The open state of a dialog or drawer whose code loads when it is first opened: `render` draws
 * nothing until then (nothing of it is loaded), and keeps it mounted afterwards, so closing plays
 * its transition out.
 */
export function useOnDemand() {
  // null: never opened; then whether it is open.
  const [opened, setOpened] = useState<boolean | null>(null);
  return {
    open: () => setOpened(true),
    render: (draw: (props: { opened: boolean; onClose: () => void }) => ReactNode) =>
      opened === null ? null : <Suspense fallback={null}>{draw({ opened, onClose: () => setOpened(false) })}</Suspense>,
  };
}
