import { Trans } from '@lingui/react/macro';
import { Alert, Button, Stack } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { systemInfoQuery } from '../api';
import { CountCards } from './count-cards';
import { SystemStrip } from './system-strip';

/** /index: record counts and server status; the activity charts (issue 3) go below the cards. */
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
      {/* Issue 3: <HomeCharts /> here (30-day activity from /system/data/list, video storage from
          /system/vod-resource), each chart a component of its own in this folder. */}
    </Stack>
  );
}
