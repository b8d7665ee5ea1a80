import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { formatBytes, numberFormat } from '../../../components/format';
import { VIDEO_STATUS_OPTIONS } from '../../../resources/video/model';
import type { VideoStatus } from '../../../resources/video/schema';
import { vodResourceQuery } from '../api';
import { Swatch } from './area-chart';
import { DonutChart } from './donut-chart';

/** The ring's size; the loading placeholder is as tall, so nothing below it moves. */
const RING = 150;

/** The video library: how many, how large, and by status. */
export function VideoStorageChart() {
  const { t, i18n } = useLingui();
  const { data, isError } = useQuery(vodResourceQuery());
  // Each status by the name the Videos list gives it (one name per status, everywhere).
  const name = (status: VideoStatus) => {
    const option = VIDEO_STATUS_OPTIONS.find((o) => o.value === status);
    return option ? i18n._(option.label) : status;
  };
  const cells = data
    ? [
        { name: name('Normal'), value: data.byStatus.normal, color: 'teal.6' },
        { name: name('Uploading'), value: data.byStatus.uploading, color: 'blue.5' },
        { name: name('TranscodeFail'), value: data.byStatus.failed, color: 'red.6' },
      ]
    : [];
  const count = data ? numberFormat(i18n.locale).format(data.count) : '';
  const videos = plural(data?.count ?? 0, { one: '# video', other: '# videos' });
  const size = data ? formatBytes(data.totalBytes, i18n.locale) : '';
  const byStatus = cells.map((c) => `${c.name} ${c.value}`).join(', ');
  return (
    <Paper withBorder radius="md" p="md" h="100%" data-testid="chart-videos">
      <Title order={3} fz="md" mb="md" h={24}>
        <Trans>Video library</Trans>
      </Title>
      {isError ? (
        <Text size="sm" c="dimmed" mih={RING}>
          <Trans>The video figures could not be loaded.</Trans>
        </Text>
      ) : !data ? (
        <Skeleton h={RING} />
      ) : (
        <Group justify="center" gap="lg" wrap="nowrap" mih={RING}>
          <DonutChart
            size={RING}
            thickness={22}
            label={count}
            summary={t`${videos}, ${size}: ${byStatus}`}
            cells={cells}
          />
          <Stack gap={6}>
            <Text size="sm">{t`${videos}, ${size}`}</Text>
            {cells.map((c) => (
              <Group key={c.name} gap={8} wrap="nowrap">
                <Swatch color={c.color} />
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
