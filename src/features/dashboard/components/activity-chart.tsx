import { Trans, useLingui } from '@lingui/react/macro';
import { AreaChart } from '@mantine/charts';
import { Group, Paper, Skeleton, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { activityQuery } from '../api';
import { activityTotals, dayLabel } from '../model';

/** New readers, applications and image uploads per day over the last 30 days. */
export function ActivityChart() {
  const { t, i18n } = useLingui();
  const { data, isError } = useQuery(activityQuery());
  const points = (data ?? []).map((p) => ({ ...p, day: dayLabel(p.date, i18n.locale) }));
  const totals = activityTotals(data ?? []);
  return (
    <Paper withBorder radius="md" p="md" data-testid="chart-activity">
      <Group justify="space-between" mb="md" gap="xs">
        <Title order={3} fz="md">
          <Trans>Last 30 days</Trans>
        </Title>
        {data && (
          <Text size="sm" c="dimmed">
            <Trans>
              {totals.newUsers} new readers · {totals.applies} applications · {totals.uploads} uploads
            </Trans>
          </Text>
        )}
      </Group>
      {isError ? (
        <Text size="sm" c="dimmed" h={260}>
          <Trans>The activity could not be loaded.</Trans>
        </Text>
      ) : !data ? (
        <Skeleton h={260} />
      ) : (
        <AreaChart
          h={260}
          data={points}
          dataKey="day"
          withLegend
          legendProps={{ verticalAlign: 'bottom' }}
          curveType="monotone"
          withDots={false}
          fillOpacity={0.25}
          yAxisProps={{ allowDecimals: false }}
          series={[
            { name: 'newUsers', label: t`New readers`, color: 'violet.6' },
            { name: 'applies', label: t`Applications`, color: 'orange.6' },
            { name: 'uploads', label: t`Image uploads`, color: 'teal.6' },
          ]}
        />
      )}
    </Paper>
  );
}
