import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Button, Divider, Group, Paper, Stack, Text, Textarea } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { EnumBadge } from '../../../components/enum-badge';
import { formatDateTime } from '../../../components/format';
import { notifySuccess } from '../../../components/notify';
import { SideDrawer } from '../../../components/side-drawer';
import { ApiError } from '../../../lib/http';
import { useUpdateMessage } from '../api';
import { MESSAGE_STATUS_OPTIONS, marksReadOnOpen } from '../model';
import type { Message } from '../schema';

/**
 * One message to read and answer. Opening an unread one marks it read at once; the drawer keeps
 * the record each PUT returns, so the reply goes out with the current version.
 */
export function MessageDrawer({ message, onClose }: { message: Message; onClose: () => void }) {
  const { t, i18n } = useLingui();
  const [current, setCurrent] = useState(message);
  const [reply, setReply] = useState(message.reply ?? '');
  const [error, setError] = useState<string | null>(null);
  const update = useUpdateMessage();
  // StrictMode runs effects twice; the mark-read PUT must go once.
  const marked = useRef(false);

  useEffect(() => {
    if (marked.current || !marksReadOnOpen(message)) return;
    marked.current = true;
    update.mutate({ message, patch: { status: 'read' } }, { onSuccess: setCurrent });
  }, [message, update.mutate]);

  const save = () => {
    setError(null);
    update.mutate(
      { message: current, patch: { reply: reply.trim(), status: 'replied' } },
      {
        onSuccess: (saved) => {
          setCurrent(saved);
          notifySuccess(t`Reply saved`);
          onClose();
        },
        onError: (e) => setError(e instanceof ApiError ? e.message : t`Error`),
      },
    );
  };

  return (
    <SideDrawer opened onClose={onClose} position="right" size="md" title={t`Message from ${current.readerName}`}>
      <Stack gap="md" data-testid="message-drawer">
        <Group justify="space-between">
          <EnumBadge value={current.status} options={MESSAGE_STATUS_OPTIONS} />
          <Text size="xs" c="dimmed">
            {formatDateTime(current.createdAt, i18n.locale)}
          </Text>
        </Group>
        {current.contact && (
          <Text size="sm">
            <Trans>Contact:</Trans> {current.contact}
          </Text>
        )}
        <Paper withBorder p="sm" radius="md" bg="var(--mantine-color-default-hover)">
          <Text size="sm" style={{ whiteSpace: 'pre-wrap' }} data-testid="message-content">
            {current.content}
          </Text>
        </Paper>
        <Divider />
        {error && (
          <Alert color="red" icon={<IconAlertCircle aria-hidden />} role="alert">
            {error}
          </Alert>
        )}
        <Textarea
          label={t`Reply`}
          value={reply}
          onChange={(e) => setReply(e.currentTarget.value)}
          maxLength={2000}
          autosize
          minRows={4}
          maxRows={12}
          data-testid="message-reply"
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            <Trans>Close</Trans>
          </Button>
          <Button
            onClick={save}
            loading={update.isPending}
            disabled={!reply.trim() || update.isPending}
            data-testid="message-send"
          >
            <Trans>Save reply</Trans>
          </Button>
        </Group>
      </Stack>
    </SideDrawer>
  );
}
