import { Grid } from '@mantine/core';
import { ActivityChart } from './activity-chart';
import { VideoStorageChart } from './video-storage-chart';

/** The charts below the cards: small SVG drawings, part of Home's own chunk. */
export function HomeCharts() {
  return (
    <Grid gap="md">
      <Grid.Col span={{ base: 12, lg: 8 }}>
        <ActivityChart />
      </Grid.Col>
      <Grid.Col span={{ base: 12, lg: 4 }}>
        <VideoStorageChart />
      </Grid.Col>
    </Grid>
  );
}
