import { Trans, useLingui } from '@lingui/react/macro';
import { Group, Paper, SimpleGrid, Skeleton, Text } from '@mantine/core';
import { IconClockHour4, IconDatabase, IconServer } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { DATABASE_NAMES, type SystemInfo, splitDuration } from '../model';

function Item({ icon, label, value }: { icon: ReactNode; label: ReactNode; value: ReactNode }) {
  return (
    <Group gap={8} wrap="nowrap">
      {icon}
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text size="sm" fw={600}>
        {value}
      </Text>
    </Group>
  );
}

/**
 * Version, uptime and database kind of the running server, in one line (one per item on a phone).
 * Columns, not a row of varying widths: an item does not move when the one before it loads.
 */
export function SystemStrip({ info }: { info: SystemInfo | undefined }) {
  const { t } = useLingui();
  const uptime = (seconds: number) => {
    const { days, hours, minutes } = splitDuration(seconds);
    if (days > 0) return t`${days} d ${hours} h`;
    if (hours > 0) return t`${hours} h ${minutes} min`;
    return t`${minutes} min`;
  };
  const show = (v: ReactNode | undefined) => (info ? (v ?? '—') : <Skeleton h={14} w={60} />);
  return (
    <Paper withBorder radius="md" px="md" py="sm" data-testid="system-info">
      <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="xl" verticalSpacing={4}>
        <Item icon={<IconServer size={18} aria-hidden />} label={<Trans>Version</Trans>} value={show(info?.version)} />
        <Item
          icon={<IconClockHour4 size={18} aria-hidden />}
          label={<Trans>Uptime</Trans>}
          value={show(typeof info?.uptimeSeconds === 'number' ? uptime(info.uptimeSeconds) : undefined)}
        />
        <Item
          icon={<IconDatabase size={18} aria-hidden />}
          label={<Trans>Database</Trans>}
          value={show(info?.database && (DATABASE_NAMES[info.database] ?? info.database))}
        />
      </SimpleGrid>
    </Paper>
  );
}
