import { Stack, Text } from '@mantine/core';

interface Props {
  title: string;
  /** A dimmed second line (summary, notes, file name); none when empty. */
  detail?: string | null;
  /** Lines the title may take before it is clipped. */
  titleLines?: 1 | 2;
}

/** A list's title column: the record's title, with a short dimmed detail under it. */
export function TitleCell({ title, detail, titleLines = 1 }: Props) {
  return (
    <Stack gap={0}>
      <Text size="sm" fw={500} lineClamp={titleLines}>
        {title}
      </Text>
      {detail && (
        <Text size="xs" c="dimmed" lineClamp={1}>
          {detail}
        </Text>
      )}
    </Stack>
  );
}
