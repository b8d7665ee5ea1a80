import { Trans } from '@lingui/react/macro';
import { Button, Stack } from '@mantine/core';
import { type ReactNode, useState } from 'react';
import { SideDrawer } from '../../side-drawer';

/**
 * A phone's filters, in a drawer from the bottom: each control the whole width, applied as they
 * change (the list behind updates), Done closes. Loaded when first opened (list-toolbar.tsx).
 */
export default function FilterDrawer({
  title,
  onClose,
  children,
}: {
  title: string;
  onClose: () => void;
  children: ReactNode;
}) {
  const [opened, setOpened] = useState(true);
  return (
    <SideDrawer
      opened={opened}
      onClose={() => setOpened(false)}
      onExitTransitionEnd={onClose}
      title={title}
      position="bottom"
      size="auto"
      data-testid="filters-drawer"
    >
      <Stack gap="sm" pb="md">
        {children}
        <Button onClick={() => setOpened(false)} data-testid="filters-done">
          <Trans>Done</Trans>
        </Button>
      </Stack>
    </SideDrawer>
  );
}
