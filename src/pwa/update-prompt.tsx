import { useLingui } from '@lingui/react/macro';
import { Button, Group, Notification, Portal, Text } from '@mantine/core';
import { useState } from 'react';
import { applyUpdate } from './register';

/** A new version is installed and waits: reload into it when the user says so (forms are kept). */
export default function UpdatePrompt() {
  const { t } = useLingui();
  const [reloading, setReloading] = useState(false);
  return (
    <Portal>
      <Notification
        role="status"
        data-testid="update-prompt"
        withCloseButton={false}
        withBorder
        title={t`A new version is available`}
        style={{ position: 'fixed', bottom: 16, left: 16, zIndex: 1000, maxWidth: 360 }}
      >
        <Group justify="space-between" gap="sm" wrap="nowrap">
          <Text size="sm">{t`Open forms are kept.`}</Text>
          <Button
            size="xs"
            loading={reloading}
            onClick={() => {
              setReloading(true);
              void applyUpdate();
            }}
          >
            {t`Reload`}
          </Button>
        </Group>
      </Notification>
    </Portal>
  );
}
