import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Button, Group, Stack, Text, Textarea } from '@mantine/core';
import { IconAlertCircle, IconCloudUpload } from '@tabler/icons-react';
import { useState } from 'react';
import { Dialog } from '../../../components/dialog';
import { notifyQueued, notifySuccess } from '../../../components/notify';
import { ApiError, NetworkError } from '../../../lib/http';
import { queueDeskWrite } from '../../../lib/offline/desk-writes';
import { useOnline } from '../../../lib/offline/online';
import { applicationApi, useApplicationTransition } from '../api';
import { type Transition, transitionBody } from '../model';
import type { Application } from '../schema';

interface Props {
  row: Application;
  transition: Transition;
  onClose: () => void;
}

/**
 * Confirms one status change with an optional remark; the server's refusal (409) stays visible here.
 * Without a network the change is kept on this device and sent later (the server still applies its
 * stock rule then; a refusal is listed for review).
 */
export function TransitionModal({ row, transition, onClose }: Props) {
  const { t, i18n } = useLingui();
  const [remark, setRemark] = useState('');
  const [refusal, setRefusal] = useState<string | null>(null);
  const mutation = useApplicationTransition();
  const reader = row.nickName ?? `#${row.userId}`;
  const book = row.bookTitle ?? `#${row.bookId}`;
  const online = useOnline();
  const [keeping, setKeeping] = useState(false);

  const keep = async () => {
    setKeeping(true);
    try {
      await queueDeskWrite({
        path: applicationApi.path,
        body: transitionBody(row, transition.to, remark),
        recordId: row.id,
        row,
        title: `${i18n._(transition.action)}: ${reader} – ${book}`,
      });
      notifyQueued(t`Saved on this device; it will be sent when you are back online.`);
      onClose();
    } finally {
      setKeeping(false);
    }
  };

  const confirm = () => {
    setRefusal(null);
    if (!navigator.onLine) {
      void keep();
      return;
    }
    mutation.mutate(
      { row, to: transition.to, remark },
      {
        onSuccess: () => {
          notifySuccess(t`Saved`);
          onClose();
        },
        onError: (e) =>
          e instanceof NetworkError ? void keep() : setRefusal(e instanceof ApiError ? e.message : t`Error`),
      },
    );
  };

  return (
    <Dialog opened onClose={onClose} title={i18n._(transition.title)}>
      <Stack gap="md" data-testid="transition-dialog">
        <Text size="sm">
          <Trans>
            <strong>{reader}</strong> borrowing <strong>{book}</strong>
          </Trans>
        </Text>
        {!online && (
          <Alert color="blue" variant="light" icon={<IconCloudUpload aria-hidden />} data-testid="transition-offline">
            <Trans>You are offline. This change will be saved on this device and sent when you are back online.</Trans>
          </Alert>
        )}
        {refusal && (
          <Alert color="red" icon={<IconAlertCircle aria-hidden />} data-testid="transition-error" role="alert">
            {refusal}
          </Alert>
        )}
        <Textarea
          label={t`Remark`}
          description={t`Optional; the reader may see it`}
          value={remark}
          onChange={(e) => setRemark(e.currentTarget.value)}
          maxLength={500}
          autosize
          minRows={2}
          data-autofocus
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={mutation.isPending || keeping}>
            <Trans>Cancel</Trans>
          </Button>
          <Button
            color={transition.color}
            onClick={confirm}
            loading={mutation.isPending || keeping}
            data-testid="transition-confirm"
          >
            {i18n._(transition.action)}
          </Button>
        </Group>
      </Stack>
    </Dialog>
  );
}
