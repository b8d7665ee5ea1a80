import { useLingui } from '@lingui/react/macro';
import { Group, Progress, Text } from '@mantine/core';

/** The file being uploaded and how far it is (upload-button.tsx, while an upload runs). */
export default function UploadProgress({ name, fraction }: { name: string; fraction: number }) {
  const { t } = useLingui();
  return (
    <Group gap={6} wrap="nowrap" w={180} aria-live="polite">
      <Text size="xs" c="dimmed" truncate="end" maw={90} title={name}>
        {name}
      </Text>
      <Progress
        value={fraction * 100}
        flex={1}
        size="sm"
        aria-label={t`Upload progress`}
        data-testid="upload-progress"
      />
    </Group>
  );
}
