import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Group, Paper, Skeleton, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { activityQuery } from '../api';
import { activityTotals, dayLabel } from '../model';
import { AreaChart, type AreaSeries, Legend } from './area-chart';

/** The plot's height; the loading placeholder has the same, so nothing below it moves. */
const CHART_HEIGHT = 260;

/** New readers, applications and image uploads per day over the last 30 days. */
export function ActivityChart() {
  const { t, i18n } = useLingui();
  const { data, isError } = useQuery(activityQuery());
  const totals = activityTotals(data ?? []);
  const series: AreaSeries[] = [
    { key: 'newUsers', label: t`New readers`, color: 'violet.6' },
    { key: 'applies', label: t`Applications`, color: 'orange.6' },
    { key: 'uploads', label: t`Image uploads`, color: 'teal.6' },
  ];
  const points = (data ?? []).map((p) => ({
    label: dayLabel(p.date, i18n.locale),
    values: { newUsers: p.newUsers, applies: p.applies, uploads: p.uploads },
  }));
  const readers = plural(totals.newUsers, { one: '# new reader', other: '# new readers' });
  const applications = plural(totals.applies, { one: '# application', other: '# applications' });
  const uploads = plural(totals.uploads, { one: '# upload', other: '# uploads' });
  const summary = t`Last 30 days: ${readers} · ${applications} · ${uploads}`;
  return (
    <Paper withBorder radius="md" p="md" data-testid="chart-activity">
      {/* One line, of a fixed height, with or without the totals. */}
      <Group justify="space-between" mb="md" gap="xs" wrap="nowrap" h={24}>
        <Title order={3} fz="md" style={{ whiteSpace: 'nowrap' }}>
          <Trans>Last 30 days</Trans>
        </Title>
        {data && (
          <Text size="sm" c="dimmed" truncate title={summary}>
            {`${readers} · ${applications} · ${uploads}`}
          </Text>
        )}
      </Group>
      {isError ? (
        <Text size="sm" c="dimmed" h={CHART_HEIGHT}>
          <Trans>The activity could not be loaded.</Trans>
        </Text>
      ) : !data ? (
        <Skeleton h={CHART_HEIGHT} />
      ) : (
        <AreaChart
          points={points}
          series={series}
          height={CHART_HEIGHT}
          summary={summary}
          caption={t`Activity per day, last 30 days`}
          xHeading={t`Day`}
        />
      )}
      <Legend series={series} />
    </Paper>
  );
}
