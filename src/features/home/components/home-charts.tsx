import { Grid } from '@mantine/core';
import { memo } from 'react';
import { ActivityChart } from './activity-chart';
import { VideoStorageChart } from './video-storage-chart';

/**
 * The charts below the cards: small SVG drawings, part of Home's own chunk. Each chart asks for its
 * own data; a new answer for the cards above (the counts, refreshed by the live stream) does not
 * redraw them.
 */
export const HomeCharts = memo(function HomeCharts() {
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
});
