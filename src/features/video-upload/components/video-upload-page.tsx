import { Trans, useLingui } from '@lingui/react/macro';
import { Badge, Button, Group, Stack, Text, Title } from '@mantine/core';
import { memo, useDeferredValue, useEffect, useRef } from 'react';
import { useSnapshot } from 'valtio';
import type { UploadItem, UploadSnapshot } from '../../../upload/protocol';
import { overall } from '../../../upload/queue';
import type { PickedFile } from '../file-handles';
import { canCancelAll, cancelAllCommands, canResumeAll, canStart, resumeAllCommands } from '../model';
import { sendUpload, uploadClient, uploadsStore } from '../uploads';
import { FilePicker } from './file-picker';
import { InterruptedList } from './interrupted-list';
import { UploadItemCard } from './upload-item-card';

/** /web/video-upload: the upload panel over the worker's queue. */
export function VideoUploadPage() {
  const { snapshot, elsewhere } = useSnapshot(uploadsStore);
  // The worker may not be running yet (first visit after a reload): it lists interrupted uploads.
  useEffect(() => {
    uploadClient();
  }, []);
  // Snapshots arrive several times a second while the user may be typing or moving elsewhere: the
  // panel renders them in a deferred, interruptible pass, so a snapshot never blocks the main thread
  // (the urgent render only hands the previous snapshot to the memoised panel).
  const deferred = useDeferredValue(snapshot as UploadSnapshot);
  return <Panel snapshot={deferred} elsewhere={elsewhere} />;
}

const Panel = memo(function Panel({ snapshot, elsewhere }: { snapshot: UploadSnapshot; elsewhere: boolean }) {
  const { t } = useLingui();
  const picker = useRef<HTMLDivElement>(null);
  const items = snapshot.items as readonly UploadItem[];
  const running = snapshot.uploader === 'Start' || snapshot.uploader === 'Expire';
  const sum = overall(items);
  const add = (files: PickedFile[]) => sendUpload({ type: 'add', files });
  const chooseAgain = () => picker.current?.querySelector<HTMLInputElement>('input[type=file]')?.click();

  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Title order={3}>
          <Trans>Upload videos</Trans>
        </Title>
        <Group gap="xs">
          {!snapshot.online && (
            <Badge color="orange" data-testid="upload-offline">
              <Trans>Waiting for network</Trans>
            </Badge>
          )}
          <Text size="sm" c="dimmed" data-testid="upload-uploader" data-uploader={snapshot.uploader}>
            {sum.active > 0 ? t`${sum.active} to upload, ${Math.floor(sum.ratio * 100)}%` : null}
          </Text>
          {/* Only with files in the queue: on an empty one five disabled buttons said nothing. */}
          {items.length > 0 && (
            <>
              <Button
                onClick={() => sendUpload({ type: 'start' })}
                disabled={!canStart(items, snapshot.uploader)}
                data-testid="upload-start"
              >
                <Trans>Start upload</Trans>
              </Button>
              <Button variant="light" onClick={() => sendUpload({ type: 'stop' })} disabled={!running}>
                <Trans>Stop all</Trans>
              </Button>
              <Button
                variant="light"
                onClick={() => {
                  for (const c of resumeAllCommands(items, snapshot.uploader)) sendUpload(c);
                }}
                disabled={!canResumeAll(items)}
              >
                <Trans>Resume all</Trans>
              </Button>
              <Button
                variant="light"
                color="orange"
                onClick={() => {
                  for (const c of cancelAllCommands(items)) sendUpload(c);
                }}
                disabled={!canCancelAll(items)}
              >
                <Trans>Cancel all</Trans>
              </Button>
              <Button
                variant="subtle"
                color="red"
                onClick={() => sendUpload({ type: 'clean' })}
                disabled={items.length === 0}
              >
                <Trans>Clear list</Trans>
              </Button>
            </>
          )}
        </Group>
      </Group>
      {elsewhere && (
        <Text size="sm" c="dimmed" data-testid="upload-elsewhere">
          <Trans>These uploads run in another Lectern window. If you close it, this window carries them on.</Trans>
        </Text>
      )}
      <div ref={picker}>
        <FilePicker onFiles={add} />
      </div>
      <InterruptedList onChoose={chooseAgain} />
      {items.length === 0 && (
        <Text c="dimmed" ta="center" data-testid="upload-empty">
          <Trans>
            No files in the queue. Files you add wait here, with their title and cover, until you start the upload.
          </Trans>
        </Text>
      )}
      {items.length > 0 && (
        <Stack component="ul" gap="sm" p={0} m={0} aria-label={t`Upload queue`}>
          {items.map((item) => (
            <UploadItemCard key={item.id} item={item} />
          ))}
        </Stack>
      )}
    </Stack>
  );
});
