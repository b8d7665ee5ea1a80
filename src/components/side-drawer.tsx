import { useLingui } from '@lingui/react/macro';
import { Drawer, type DrawerProps } from '@mantine/core';
import { useReturnFocus } from './use-return-focus';

/** Mantine's Drawer as the console opens it: focus given back on close, a named close button (dialog.tsx). */
export function SideDrawer({ closeButtonProps, ...props }: DrawerProps) {
  const { t } = useLingui();
  useReturnFocus(props.opened);
  return <Drawer closeButtonProps={{ 'aria-label': t`Close`, ...closeButtonProps }} {...props} />;
}
