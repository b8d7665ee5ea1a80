import { Group, Paper, Skeleton, Stack, Text, ThemeIcon, Tooltip } from '@mantine/core';
import type { ReactNode } from 'react';
import { formatNumber } from '../../../components/format';

interface Props {
  label: string;
  /** null: the server did not say; undefined: still loading. */
  value: number | null | undefined;
  icon: ReactNode;
  color: string;
  locale: string;
  testId: string;
}

export function StatCard({ label, value, icon, color, locale, testId }: Props) {
  return (
    <Paper withBorder radius="md" p="md" data-testid={testId}>
      <Group justify="space-between" wrap="nowrap" align="flex-start">
        <Stack gap={4}>
          <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
            {label}
          </Text>
          {value === undefined ? (
            // As tall as the figure's line (28 × 1.1), so nothing moves when it arrives.
            <Skeleton h={28 * 1.1} w={64} />
          ) : (
            <Tooltip label={value === null ? '—' : new Intl.NumberFormat(locale).format(value)}>
              <Text fz={28} fw={700} lh={1.1} data-testid={`${testId}-value`}>
                {value === null ? '—' : formatNumber(value, locale)}
              </Text>
            </Tooltip>
          )}
        </Stack>
        <ThemeIcon variant="light" color={color} size={44} radius="md">
          {icon}
        </ThemeIcon>
      </Group>
    </Paper>
  );
}
