import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Button, Group, List, Text } from '@mantine/core';
import { IconPlayerPause } from '@tabler/icons-react';
import { useSnapshot } from 'valtio';
import { sendUpload, uploadsStore } from '../../../stores/uploads';
import { formatBytes, percent } from '../model';

/** Uploads a reload or crash interrupted: choosing the same file again resumes from its checkpoint. */
export function InterruptedList({ onChoose }: { onChoose: () => void }) {
  const { t } = useLingui();
  const { snapshot } = useSnapshot(uploadsStore);
  if (snapshot.interrupted.length === 0) return null;
  return (
    <Alert
      color="yellow"
      icon={<IconPlayerPause aria-hidden />}
      title={t`Interrupted uploads`}
      data-testid="interrupted"
    >
      <Text size="sm" mb="xs">
        <Trans>Choose the same file again to resume: only the missing parts are uploaded.</Trans>
      </Text>
      <List spacing="xs">
        {snapshot.interrupted.map((r) => (
          <List.Item key={r.key}>
            <Group gap="sm" wrap="wrap">
              <Text size="sm" fw={500}>
                {r.fileName}
              </Text>
              <Text size="sm" c="dimmed">
                {formatBytes(r.loaded)} / {formatBytes(r.fileSize)} (
                {percent({ loaded: r.loaded, fileSize: r.fileSize })}%)
              </Text>
              <Button size="compact-sm" variant="light" onClick={onChoose}>
                <Trans>Choose the file again</Trans>
              </Button>
              <Button
                size="compact-sm"
                variant="subtle"
                color="gray"
                aria-label={t`Forget ${r.fileName}`}
                onClick={() => sendUpload({ type: 'forget-interrupted', key: r.key })}
              >
                <Trans>Forget</Trans>
              </Button>
            </Group>
          </List.Item>
        ))}
      </List>
    </Alert>
  );
}
