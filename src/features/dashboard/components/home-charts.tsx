import '@mantine/charts/styles.css';
import { Grid } from '@mantine/core';
import { ActivityChart } from './activity-chart';
import { VideoStorageChart } from './video-storage-chart';

/** The charts below the cards; loaded lazily (recharts is large), so the cards paint first. */
export default function HomeCharts() {
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
