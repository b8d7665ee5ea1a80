import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Button, Skeleton, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { formatDateTime } from '../../../components/format';
import { SecurityEventBadge } from '../../../resources/audit/components/security-cells';
import { signInsQuery } from '../api';
import { useDeviceLabel } from './sessions-list';
import classes from './sessions-list.module.css';

/**
 * The member's own last ten sign-ins on the account, failures too (ASVS 16.3.1): a wrong password
 * from an address they do not know is theirs to notice. The same phone layout as the devices.
 */
export function RecentSignIns() {
  const { t, i18n } = useLingui();
  const label = useDeviceLabel();
  const signIns = useQuery(signInsQuery());

  if (signIns.isError) {
    return (
      <Alert color="red" variant="light" title={t`The sign-ins could not be loaded`}>
        <Button size="xs" variant="light" color="red" mt="xs" onClick={() => signIns.refetch()}>
          <Trans>Retry</Trans>
        </Button>
      </Alert>
    );
  }
  return (
    <Table.ScrollContainer
      minWidth={640}
      className={classes.scroll}
      classNames={{ scrollContainerInner: classes.inner }}
    >
      <Table
        verticalSpacing="sm"
        data-testid="sign-ins-table"
        aria-label={t`Recent sign-ins`}
        className={classes.table}
      >
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t`Time`}</Table.Th>
            <Table.Th>{t`Result`}</Table.Th>
            <Table.Th>{t`Address`}</Table.Th>
            <Table.Th>{t`Device`}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {signIns.isPending ? (
            <Table.Tr>
              <Table.Td colSpan={4}>
                <Skeleton height={22} />
              </Table.Td>
            </Table.Tr>
          ) : (
            signIns.data.map((e) => (
              <Table.Tr key={e.id} data-testid="sign-in-row" data-kind={e.kind}>
                <Table.Td>
                  <Text size="sm" fw={500}>
                    {formatDateTime(e.at, i18n.locale)}
                  </Text>
                </Table.Td>
                <Table.Td data-label={t`Result`}>
                  <SecurityEventBadge entry={{ action: e.kind, reason: e.reason }} />
                </Table.Td>
                <Table.Td data-label={t`Address`}>
                  <Text size="sm" ff="monospace">
                    {e.address}
                  </Text>
                </Table.Td>
                <Table.Td data-label={t`Device`}>
                  <Text size="sm" title={e.userAgent ?? undefined}>
                    {e.userAgent ? label(e.userAgent) : ''}
                  </Text>
                </Table.Td>
              </Table.Tr>
            ))
          )}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
