import { useLingui } from '@lingui/react/macro';
import { Modal, type ModalProps } from '@mantine/core';
import { useReturnFocus } from './use-return-focus';

/**
 * Mantine's Modal as the console's dialogs open it: the keyboard focus goes back to what opened it
 * once it closes (use-return-focus.ts), and its close button, an icon, is named in the user's
 * language. side-drawer.tsx is the same for a Drawer.
 */
export function Dialog({ closeButtonProps, ...props }: ModalProps) {
  const { t } = useLingui();
  useReturnFocus(props.opened);
  return <Modal closeButtonProps={{ 'aria-label': t`Close`, ...closeButtonProps }} {...props} />;
}
