import { Trans, useLingui } from '@lingui/react/macro';
import { Button, Paper, Stack, Text } from '@mantine/core';
import { IconUpload } from '@tabler/icons-react';
import { type DragEvent, useRef, useState } from 'react';

/**
 * Pick or drop video files. A real `<input type=file>` (keyboard and screen readers get a button
 * that opens it); dropping onto the paper does the same.
 */
export function FilePicker({ onFiles }: { onFiles: (files: File[]) => void }) {
  const { t } = useLingui();
  const input = useRef<HTMLInputElement>(null);
  const [over, setOver] = useState(false);

  const onDrop = (e: DragEvent) => {
    e.preventDefault();
    setOver(false);
    const files = [...e.dataTransfer.files].filter((f) => !f.type || f.type.startsWith('video/'));
    if (files.length) onFiles(files);
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
        <Button onClick={() => input.current?.click()}>
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
            if (files.length) onFiles(files);
          }}
        />
      </Stack>
    </Paper>
  );
}
