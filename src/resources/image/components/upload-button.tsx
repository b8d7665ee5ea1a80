import { Trans, useLingui } from '@lingui/react/macro';
import { Button, FileButton, Group } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconUpload } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { Suspense, useState } from 'react';
import { notifySuccess } from '../../../components/notify';
import { ERROR_TOAST_MS } from '../../../lib/http';
import { lazy } from '../../../lib/lazy';
import { useOnline } from '../../../lib/offline/online';
import { uploadImage } from '../../../lib/upload-image';
import { useSharedFiles } from '../../../pwa/shared-files';
import { imageApi } from '../api';
import { IMAGE_ACCEPT, tooLarge } from '../model';

/** Uploads the chosen images one after another, with a progress bar; the grid refreshes after. */
// The progress bar loads with the first upload.
const UploadProgress = lazy(() => import('./upload-progress'));

export function UploadButton() {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const [progress, setProgress] = useState<{ name: string; fraction: number } | null>(null);

  const upload = async (files: File[]) => {
    let done = 0;
    for (const file of files) {
      if (tooLarge(file)) {
        notifications.show({ color: 'red', message: t`${file.name} is larger than 5 MiB`, autoClose: ERROR_TOAST_MS });
        continue;
      }
      setProgress({ name: file.name, fraction: 0 });
      try {
        await uploadImage(file, (fraction) => setProgress({ name: file.name, fraction }));
        done++;
      } catch {
        // Shown by uploadImage (the server's 415 / 413 message); go on with the next file.
      }
    }
    setProgress(null);
    if (done > 0) {
      notifySuccess(t`Uploaded ${done} of ${files.length}`);
      await queryClient.invalidateQueries({ queryKey: imageApi.key });
    }
  };
  // Images shared to Lectern or opened with the installed app are uploaded as if chosen here;
  // offline they wait (an upload would fail, and they would be gone).
  const online = useOnline();
  useSharedFiles('image', (shared) => void upload(shared.flatMap((s) => (s.file ? [s.file] : []))), online);

  return (
    <Group gap="xs" wrap="nowrap">
      {progress && (
        <Suspense fallback={null}>
          <UploadProgress name={progress.name} fraction={progress.fraction} />
        </Suspense>
      )}
      <FileButton onChange={(files) => void upload(files)} accept={IMAGE_ACCEPT} multiple>
        {(props) => (
          <Button
            {...props}
            leftSection={<IconUpload size={16} aria-hidden />}
            loading={progress !== null}
            data-testid="image-upload"
          >
            <Trans>Upload images</Trans>
          </Button>
        )}
      </FileButton>
    </Group>
  );
}
