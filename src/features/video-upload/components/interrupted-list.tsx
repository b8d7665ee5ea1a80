import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Button, Group, List, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconPlayerPause } from '@tabler/icons-react';
import { useSnapshot } from 'valtio';
import { formatBytes } from '../../../components/format';
import type { InterruptedUpload } from '../../../upload/protocol';
import { reopenInterrupted } from '../file-handles';
import { percent } from '../model';
import { sendUpload, uploadsStore } from '../uploads';

/**
 * Uploads a reload or crash interrupted: choosing the same file again resumes from its checkpoint;
 * where the browser kept the file's handle, Resume reopens it without choosing it.
 */
export function InterruptedList({ onChoose }: { onChoose: () => void }) {
  const { t, i18n } = useLingui();
  const { snapshot } = useSnapshot(uploadsStore);
  if (snapshot.interrupted.length === 0) return null;

  // The card's own message ("Resume {name}"), one translation for both.
  const resumeLabel = (name: string) => t`Resume ${name}`;
  const resume = async (r: InterruptedUpload) => {
    try {
      const picked = await reopenInterrupted(r.key);
      if (!picked) throw new Error('no file');
      sendUpload({ type: 'add', files: [picked] });
      const u = uploadsStore.snapshot.uploader;
      if (u !== 'Start' && u !== 'Expire') sendUpload({ type: 'start' });
    } catch {
      notifications.show({
        color: 'orange',
        message: t`${r.fileName} could not be opened again. Choose the file instead.`,
        autoClose: 5000,
      });
    }
  };

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
                {formatBytes(r.loaded, i18n.locale)} / {formatBytes(r.fileSize, i18n.locale)} (
                {percent({ loaded: r.loaded, fileSize: r.fileSize })}%)
              </Text>
              {r.reopenable && (
                <Button size="compact-sm" aria-label={resumeLabel(r.fileName)} onClick={() => void resume(r)}>
                  <Trans>Resume</Trans>
                </Button>
              )}
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
