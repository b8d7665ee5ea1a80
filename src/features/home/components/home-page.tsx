import { Trans } from '@lingui/react/macro';
import { Alert, Button, Stack } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { systemInfoQuery } from '../api';
import { CountCards } from './count-cards';
import { HomeCharts } from './home-charts';
import { SystemStrip } from './system-strip';

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
      <HomeCharts />
    </Stack>
  );
}
