import { Trans } from '@lingui/react/macro';
import { Alert, Button, Skeleton, Stack } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import { systemInfoQuery } from '../api';
import { CountCards } from './count-cards';
import { SystemStrip } from './system-strip';

// Its own chunk: recharts must not hold up the cards' first paint.
const HomeCharts = lazy(() => import('./home-charts'));

/** /index: record counts and server status, then the activity and video charts. */
export function HomePage() {
  const { data, isError, refetch, isFetching } = useQuery(systemInfoQuery());
  return (
    <Stack gap="md">
      {isError && !data && (
        <Alert
          color="red"
          icon={<IconAlertCircle aria-hidden />}
          title={<Trans>The figures could not be loaded</Trans>}
        >
          <Button size="xs" variant="light" color="red" mt="xs" onClick={() => refetch()} loading={isFetching}>
            <Trans>Retry</Trans>
          </Button>
        </Alert>
      )}
      <CountCards info={data} />
      <SystemStrip info={data} />
      <Suspense fallback={<Skeleton h={300} radius="md" data-testid="charts-loading" />}>
        <HomeCharts />
      </Suspense>
    </Stack>
  );
}
