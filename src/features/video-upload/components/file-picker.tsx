import { Trans, useLingui } from '@lingui/react/macro';
import { Button, Paper, Stack, Text } from '@mantine/core';
import { IconUpload } from '@tabler/icons-react';
import { type DragEvent, useRef, useState } from 'react';
import { canKeepHandles, droppedFiles, type PickedFile, pickWithHandles } from '../file-handles';

/**
 * Pick or drop video files. Where the browser keeps file handles (file-handles.ts) the button
 * opens its picker, so an interrupted upload can later resume without choosing the file again;
 * otherwise, and always for keyboard and screen readers, a real `<input type=file>`. Dropping onto
 * the paper does the same.
 */
export function FilePicker({ onFiles }: { onFiles: (files: PickedFile[]) => void }) {
  const { t } = useLingui();
  const input = useRef<HTMLInputElement>(null);
  const [over, setOver] = useState(false);

  const onDrop = (e: DragEvent) => {
    e.preventDefault();
    setOver(false);
    void droppedFiles(e.dataTransfer).then((picked) => {
      const files = picked.filter((p) => !p.file.type || p.file.type.startsWith('video/'));
      if (files.length) onFiles(files);
    });
  };

  const choose = () => {
    if (!canKeepHandles()) {
      input.current?.click();
      return;
    }
    pickWithHandles(t`Videos`).then(
      (picked) => {
        if (picked?.length) onFiles(picked);
      },
      () => input.current?.click(),
    );
  };

  return (
    <Paper
      withBorder
      p="xl"
      radius="md"
      data-testid="upload-drop"
      onDragOver={(e) => {
        e.preventDefault();
        setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={onDrop}
      style={{
        borderStyle: 'dashed',
        borderWidth: 2,
        borderColor: over ? 'var(--mantine-primary-color-filled)' : undefined,
        background: over ? 'var(--mantine-primary-color-light)' : undefined,
      }}
    >
      <Stack align="center" gap="xs">
        <IconUpload size={36} aria-hidden />
        <Text fw={500}>
          <Trans>Drop video files here</Trans>
        </Text>
        <Text size="sm" c="dimmed">
          <Trans>or</Trans>
        </Text>
        <Button onClick={choose}>
          <Trans>Choose video files</Trans>
        </Button>
        <input
          ref={input}
          type="file"
          multiple
          accept="video/*"
          hidden
          aria-label={t`Video files`}
          data-testid="upload-input"
          onChange={(e) => {
            const files = [...(e.currentTarget.files ?? [])];
            e.currentTarget.value = '';
            if (files.length) onFiles(files.map((file) => ({ file })));
          }}
        />
      </Stack>
    </Paper>
  );
}
