import { i18n as globalI18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Badge, Button, Group, Skeleton, Table, Text, VisuallyHidden } from '@mantine/core';
import { IconDeviceDesktop, IconDeviceMobile } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { openConfirmModal } from '../../../components/confirm-modal';
import { formatDateTime, relativeTime } from '../../../components/format';
import { notifySuccess } from '../../../components/notify';
import type { SessionInfo } from '../../../contract/auth';
import { sessionsQuery, useEndSession } from '../api';
import { deviceName, isMobileDevice } from '../user-agent';
import classes from './sessions-list.module.css';

/** "Chrome on Android"; product names stay as they are, the phrase around them is translated. */
export function useDeviceLabel() {
  const { t } = useLingui();
  return (userAgent: string) => {
    const { browser, os } = deviceName(userAgent);
    if (browser && os) return t`${browser} on ${os}`;
    return browser ?? os ?? t`Unknown device`;
  };
}

/** The member's signed-in devices; every one but this can be signed out from here. */
export function SessionsList() {
  const { t, i18n } = useLingui();
  const label = useDeviceLabel();
  const sessions = useQuery(sessionsQuery());
  const end = useEndSession();

  const confirmEnd = (s: SessionInfo) => {
    const device = label(s.userAgent);
    const address = s.address;
    openConfirmModal({
      title: globalI18n._(msg`End this session?`),
      children: (
        <Text size="sm">
          <Trans>
            {device} at {address} will be signed out at its next request.
          </Trans>
        </Text>
      ),
      labels: { confirm: globalI18n._(msg`End session`), cancel: globalI18n._(msg`Cancel`) },
      confirmProps: { color: 'red', 'data-testid': 'confirm-end-session' },
      onConfirm: () =>
        end.mutate(s.id, {
          onSuccess: () => notifySuccess(globalI18n._(msg`${device} has been signed out`)),
          // Already gone (ended elsewhere, or expired): show the list as it is now.
          onError: () => void sessions.refetch(),
        }),
    });
  };

  if (sessions.isError) {
    return (
      <Alert color="red" variant="light" title={t`The devices could not be loaded`}>
        <Button size="xs" variant="light" color="red" mt="xs" onClick={() => sessions.refetch()}>
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
        data-testid="sessions-table"
        aria-label={t`Signed-in devices`}
        className={classes.table}
      >
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t`Device`}</Table.Th>
            <Table.Th>{t`Address`}</Table.Th>
            <Table.Th>{t`Last seen`}</Table.Th>
            <Table.Th>{t`Signed in`}</Table.Th>
            <Table.Th>
              <VisuallyHidden>{t`Actions`}</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {sessions.isPending
            ? [0, 1].map((i) => (
                <Table.Tr key={i}>
                  <Table.Td colSpan={5}>
                    <Skeleton height={22} />
                  </Table.Td>
                </Table.Tr>
              ))
            : sessions.data.map((s) => {
                const Icon = isMobileDevice(s.userAgent) ? IconDeviceMobile : IconDeviceDesktop;
                const device = label(s.userAgent);
                const address = s.address;
                return (
                  <Table.Tr key={s.id} data-testid="session-row" data-current={s.current || undefined}>
                    <Table.Td>
                      <Group gap="xs" wrap="wrap">
                        <Icon size={18} stroke={1.6} aria-hidden />
                        <Text size="sm" title={s.userAgent}>
                          {device}
                        </Text>
                        {s.current && (
                          <Badge size="sm" variant="light" color="green">
                            <Trans>This device</Trans>
                          </Badge>
                        )}
                      </Group>
                    </Table.Td>
                    <Table.Td data-label={t`Address`}>
                      <Text size="sm" ff="monospace">
                        {s.address}
                      </Text>
                    </Table.Td>
                    <Table.Td data-label={t`Last seen`}>
                      <Text size="sm" title={formatDateTime(s.lastSeenAt, i18n.locale)}>
                        {relativeTime(s.lastSeenAt, i18n.locale, t`just now`)}
                      </Text>
                    </Table.Td>
                    <Table.Td data-label={t`Signed in`}>
                      <Text size="sm" c="dimmed">
                        {formatDateTime(s.createdAt, i18n.locale)}
                      </Text>
                    </Table.Td>
                    <Table.Td className={classes.actions}>
                      {!s.current && (
                        <Button
                          size="xs"
                          variant="light"
                          color="red"
                          onClick={() => confirmEnd(s)}
                          loading={end.isPending && end.variables === s.id}
                          aria-label={t`End session: ${device}, ${address}`}
                        >
                          <Trans>End session</Trans>
                        </Button>
                      )}
                    </Table.Td>
                  </Table.Tr>
                );
              })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
