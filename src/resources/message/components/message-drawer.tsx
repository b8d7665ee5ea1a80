import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Anchor, Button, Divider, Group, Paper, Stack, Text, Textarea } from '@mantine/core';
import { IconAlertCircle, IconCloudUpload, IconMail } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { EnumBadge } from '../../../components/enum-badge';
import { formatDateTime } from '../../../components/format';
import { notifyQueued, notifySuccess } from '../../../components/notify';
import { SideDrawer } from '../../../components/side-drawer';
import { ApiError, NetworkError } from '../../../lib/http';
import { queueDeskWrite, usePendingFor } from '../../../lib/offline/desk-writes';
import { useOnline } from '../../../lib/offline/online';
import { dropWrite } from '../../../lib/offline/pending-writes';
import { messageApi, useUpdateMessage } from '../api';
import { contactHref, MESSAGE_STATUS_OPTIONS, marksReadOnOpen, messageUpdateBody } from '../model';
import type { Message } from '../schema';

/**
 * One message to read and answer. Opening an unread one marks it read at once, as an email client
 * does (staff know that convention, and the menu's unread count then means "nobody has looked"); the
 * drawer says so and offers Mark as unread, for a message opened only to glance at. The drawer
 * keeps the record each PUT returns, so the next one goes out with the current version. Offline a
 * reply is kept on this device and sent when the network is back (by the service worker, even with
 * the console closed); the message is not marked read then.
 */
export function MessageDrawer({ message, onClose }: { message: Message; onClose: () => void }) {
  const { t, i18n } = useLingui();
  const [current, setCurrent] = useState(message);
  const pending = usePendingFor(messageApi.path, message.id);
  const queued = pending?.state === 'pending' ? pending : undefined;
  const [reply, setReply] = useState(() => (queued?.body as { reply?: string } | null)?.reply ?? message.reply ?? '');
  const online = useOnline();
  const [keeping, setKeeping] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [markedNow, setMarkedNow] = useState(false);
  const update = useUpdateMessage();
  // StrictMode runs effects twice; the mark-read PUT must go once.
  const marked = useRef(false);

  useEffect(() => {
    if (marked.current || !marksReadOnOpen(message) || !navigator.onLine) return;
    marked.current = true;
    update.mutate(
      { message, patch: { status: 'read' } },
      {
        onSuccess: (saved) => {
          setCurrent(saved);
          setMarkedNow(true);
        },
      },
    );
  }, [message, update.mutate]);

  const fail = (e: Error) => setError(e instanceof ApiError ? e.message : t`Error`);

  /** Offline: the reply waits on this device (in place of one saved before), sent when back online. */
  const keep = async (text: string) => {
    setKeeping(true);
    try {
      if (queued) await dropWrite(queued.id);
      await queueDeskWrite({
        path: messageApi.path,
        body: messageUpdateBody(current, { reply: text, status: 'replied' }),
        recordId: current.id,
        row: current,
        title: t`Reply to ${current.readerName}`,
      });
      notifyQueued(t`Saved on this device; it will be sent when you are back online.`);
      onClose();
    } finally {
      setKeeping(false);
    }
  };

  const save = () => {
    setError(null);
    const text = reply.trim();
    if (!navigator.onLine) {
      void keep(text);
      return;
    }
    update.mutate(
      { message: current, patch: { reply: text, status: 'replied' }, keptOffline: true },
      {
        onSuccess: (saved) => {
          setCurrent(saved);
          // Sent now: the copy that waited would only meet a newer version.
          if (queued) void dropWrite(queued.id);
          notifySuccess(t`Reply saved`);
          onClose();
        },
        onError: (e) => (e instanceof NetworkError ? void keep(text) : fail(e)),
      },
    );
  };

  const markUnread = () => {
    setError(null);
    update.mutate(
      { message: current, patch: { status: 'unread' } },
      {
        onSuccess: () => {
          notifySuccess(t`Marked as unread`);
          onClose();
        },
        onError: fail,
      },
    );
  };

  const href = current.contact ? contactHref(current.contact) : undefined;

  return (
    <SideDrawer opened onClose={onClose} position="right" size="md" title={t`Message from ${current.readerName}`}>
      <Stack gap="md" data-testid="message-drawer">
        <Group justify="space-between">
          <EnumBadge value={current.status} options={MESSAGE_STATUS_OPTIONS} />
          <Text size="xs" c="dimmed">
            {formatDateTime(current.createdAt, i18n.locale)}
          </Text>
        </Group>
        {current.status === 'read' && (
          <Group justify="space-between" gap="xs" wrap="wrap" data-testid="message-read-state">
            <Text size="sm" c="dimmed">
              {markedNow ? <Trans>Marked as read when you opened it.</Trans> : <Trans>Already read.</Trans>}
            </Text>
            <Button
              size="compact-sm"
              variant="default"
              leftSection={<IconMail size={16} aria-hidden />}
              onClick={markUnread}
              disabled={update.isPending}
              data-testid="message-mark-unread"
            >
              <Trans>Mark as unread</Trans>
            </Button>
          </Group>
        )}
        {current.contact && (
          <Text size="sm">
            <Trans>Contact:</Trans>{' '}
            {href ? (
              <Anchor href={href} size="sm" data-testid="message-contact">
                {current.contact}
              </Anchor>
            ) : (
              current.contact
            )}
          </Text>
        )}
        <Paper withBorder p="sm" radius="md" bg="var(--mantine-color-default-hover)">
          <Text size="sm" style={{ whiteSpace: 'pre-wrap' }} data-testid="message-content">
            {current.content}
          </Text>
        </Paper>
        <Divider />
        {queued ? (
          <Alert color="blue" variant="light" icon={<IconCloudUpload aria-hidden />} data-testid="message-pending">
            <Trans>Your reply is saved on this device and will be sent when you are back online.</Trans>
          </Alert>
        ) : (
          !online && (
            <Alert color="blue" variant="light" icon={<IconCloudUpload aria-hidden />} data-testid="message-offline">
              <Trans>You are offline. Your reply will be saved on this device and sent when you are back online.</Trans>
            </Alert>
          )
        )}
        {error && (
          <Alert color="red" icon={<IconAlertCircle aria-hidden />} role="alert">
            {error}
          </Alert>
        )}
        <Textarea
          label={t`Reply`}
          // What saving does, said before it is done: Lectern sends nothing to the reader (no mail
          // or text message goes out from the server); the reply is part of the message record.
          description={
            current.contact
              ? t`Saved with the message, for the reading site to show. Lectern does not email or text the reader: to reach them now, write to the contact above.`
              : t`Saved with the message, for the reading site to show. Lectern does not email or text the reader.`
          }
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
            loading={update.isPending || keeping}
            disabled={!reply.trim() || update.isPending || keeping}
            data-testid="message-send"
          >
            <Trans>Save reply</Trans>
          </Button>
        </Group>
      </Stack>
    </SideDrawer>
  );
}
