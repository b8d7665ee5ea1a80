import { Trans, useLingui } from '@lingui/react/macro';
import { DonutChart } from '@mantine/charts';
import { Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { formatBytes } from '../../../components/format';
import { vodResourceQuery } from '../api';

/** The video library: how many, how large, and by status. */
export function VideoStorageChart() {
  const { t, i18n } = useLingui();
  const { data, isError } = useQuery(vodResourceQuery());
  const cells = data
    ? [
        { name: t`Ready`, value: data.byStatus.normal, color: 'teal.6' },
        { name: t`Uploading`, value: data.byStatus.uploading, color: 'blue.5' },
        { name: t`Failed`, value: data.byStatus.failed, color: 'red.6' },
      ]
    : [];
  const empty = data !== undefined && data.count === 0;
  return (
    <Paper withBorder radius="md" p="md" h="100%" data-testid="chart-videos">
      <Title order={3} fz="md" mb="md">
        <Trans>Video library</Trans>
      </Title>
      {isError ? (
        <Text size="sm" c="dimmed">
          <Trans>The video figures could not be loaded.</Trans>
        </Text>
      ) : !data ? (
        <Skeleton h={200} />
      ) : (
        <Group justify="center" gap="xl" wrap="wrap">
          <DonutChart
            size={170}
            thickness={24}
            withTooltip={!empty}
            tooltipDataSource="segment"
            chartLabel={new Intl.NumberFormat(i18n.locale).format(data.count)}
            // An empty library still draws its ring, in grey.
            data={empty ? [{ name: t`No videos`, value: 1, color: 'gray.3' }] : cells}
          />
          <Stack gap={6}>
            <Text size="sm">
              <Trans>
                {data.count} videos, {formatBytes(data.totalBytes, i18n.locale)}
              </Trans>
            </Text>
            {cells.map((c) => (
              <Group key={c.name} gap={8} wrap="nowrap">
                <span
                  aria-hidden
                  style={{
                    width: 10,
                    height: 10,
                    borderRadius: 2,
                    background: `var(--mantine-color-${c.color.replace('.', '-')})`,
                  }}
                />
                <Text size="sm" c="dimmed">
                  {c.name}
                </Text>
                <Text size="sm" fw={600}>
                  {c.value}
                </Text>
              </Group>
            ))}
          </Stack>
        </Group>
      )}
    </Paper>
  );
}
