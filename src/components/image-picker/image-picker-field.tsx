import { Trans, useLingui } from '@lingui/react/macro';
import { Button, FileButton, Group, Progress, Stack, TextInput, type TextInputProps } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconPhotoSearch, IconUpload } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { Suspense, useRef, useState } from 'react';
import { IMAGE_MAX_BYTES, IMAGE_MIMES } from '../../contract/values';
import { ERROR_TOAST_MS } from '../../lib/http';
import { lazy } from '../../lib/lazy';
import { useOnline } from '../../lib/offline/online';
import { uploadImage } from '../../lib/upload-image';
import { notifySuccess } from '../notify';
import { Thumbnail } from '../thumbnail';
import { focusAfterClose } from './focus';

// The dialog (its grid, search and paging) loads when first opened, not with every form.
const ImagePickerDialog = lazy(() => import('./image-picker-dialog'));

/** The image library's query keys start with its API path, as the Images screen's do. */
const LIBRARY_KEY = ['image'] as const;

type Props = Omit<TextInputProps, 'onChange' | 'value'> & {
  value?: string | null;
  /** The new address (Mantine form's onChange takes the value itself too). */
  onChange: (value: string) => void;
  label: string;
  'data-testid': string;
  /**
   * Where Upload sends the chosen file instead of the image library: the video upload card hands
   * it to the upload worker, which sends it through the video service (CreateUploadImage).
   */
  onUploadFile?: (file: File) => void;
};

/**
 * An image or cover field: the current image, its address (pasting a URL still works), "Choose
 * from library" (a dialog of the Images library) and "Upload" (the Images screen's upload, which
 * adds the file to the library and puts its address here).
 */
export function ImagePickerField({ value, onChange, label, 'data-testid': testId, onUploadFile, ...input }: Props) {
  const { t } = useLingui();
  const online = useOnline();
  const queryClient = useQueryClient();
  const [opened, setOpened] = useState(false);
  const [loaded, setLoaded] = useState(false);
  const [progress, setProgress] = useState<number | null>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const chooseRef = useRef<HTMLButtonElement>(null);
  const url = value ?? '';

  const open = () => {
    setLoaded(true);
    setOpened(true);
  };
  const close = (picked: string | null) => {
    setOpened(false);
    if (picked !== null) onChange(picked);
    // A pick lands on the field that now holds it; a cancel on the button that opened the dialog.
    focusAfterClose(picked !== null ? inputRef.current : chooseRef.current);
  };

  const upload = async (file: File | null) => {
    if (!file) return;
    if (file.size > IMAGE_MAX_BYTES) {
      notifications.show({ color: 'red', message: t`${file.name} is larger than 5 MiB`, autoClose: ERROR_TOAST_MS });
      return;
    }
    if (onUploadFile) {
      onUploadFile(file);
      return;
    }
    setProgress(0);
    try {
      const result = await uploadImage(file, setProgress);
      onChange(result.url);
      notifySuccess(t`${file.name} uploaded to the image library`);
      await queryClient.invalidateQueries({ queryKey: LIBRARY_KEY });
      inputRef.current?.focus();
    } catch {
      // Shown by uploadImage (the server's 415 / 413 message, or the network error).
    } finally {
      setProgress(null);
    }
  };

  return (
    <Stack gap={6}>
      <TextInput
        {...input}
        ref={inputRef}
        label={label}
        type="url"
        value={url}
        onChange={(e) => onChange(e.currentTarget.value)}
        data-testid={testId}
      />
      <Group gap="xs" wrap="nowrap" align="center">
        <div style={{ flex: 'none' }} data-testid={`${testId}-preview`}>
          <Thumbnail url={url || null} width={64} height={48} />
        </div>
        <Group gap="xs">
          <Button
            ref={chooseRef}
            size="xs"
            variant="light"
            leftSection={<IconPhotoSearch size={14} aria-hidden />}
            onClick={open}
            aria-haspopup="dialog"
            data-testid={`${testId}-library`}
          >
            <Trans>Choose from library</Trans>
          </Button>
          <FileButton onChange={(f) => void upload(f)} accept={IMAGE_MIMES.join(',')}>
            {(props) => (
              <Button
                {...props}
                size="xs"
                variant="default"
                leftSection={<IconUpload size={14} aria-hidden />}
                loading={progress !== null}
                // A file handed to the caller is sent later (with the video): offline is fine then.
                disabled={!online && !onUploadFile}
                title={online || onUploadFile ? undefined : t`Uploading needs a connection`}
                data-testid={`${testId}-upload`}
              >
                <Trans>Upload</Trans>
              </Button>
            )}
          </FileButton>
          {progress !== null && <Progress value={progress * 100} w={80} size="sm" aria-label={t`Upload progress`} />}
        </Group>
      </Group>
      {loaded && (
        <Suspense fallback={null}>
          <ImagePickerDialog opened={opened} current={url} title={label} onClose={close} />
        </Suspense>
      )}
    </Stack>
  );
}
