import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Button, Group, Stack, Text, Textarea } from '@mantine/core';
import { IconAlertCircle, IconCloudUpload } from '@tabler/icons-react';
import { useState } from 'react';
import { Dialog } from '../../../components/dialog';
import { notifyQueued, notifySuccess } from '../../../components/notify';
import { DateField } from '../../../components/resource/form/date-input';
import { ruleReasonOf } from '../../../contract/rule-codes';
import { fieldErrorMessage } from '../../../lib/field-messages';
import { ApiError, NetworkError } from '../../../lib/http';
import { queueDeskWrite } from '../../../lib/offline/desk-writes';
import { useOnline } from '../../../lib/offline/online';
import { applicationApi, useApplicationTransition } from '../api';
import { placeOnHold, type Transition, transitionBody } from '../model';
import type { Application } from '../schema';

interface Props {
  row: Application;
  transition: Transition;
  onClose: () => void;
}

/** The end of a calendar day (`YYYY-MM-DD`) in this browser's time zone, as an instant; null if no day. */
export function endOfDay(day: string): string | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!m) return null;
  return new Date(Number(m[1]), Number(m[2]) - 1, Number(m[3]), 23, 59, 59, 999).toISOString();
}

/**
 * Confirms one status change with an optional remark; the server's refusal (409) stays visible here.
 * Without a network the change is kept on this device and sent later (the server still applies its
 * stock rule then; a refusal is listed for review).
 */
export function TransitionModal({ row, transition: picked, onClose }: Props) {
  const { t, i18n } = useLingui();
  // No copy left when approving: the dialog offers to place the request on hold instead.
  const [transition, setTransition] = useState(picked);
  const [noCopies, setNoCopies] = useState(false);
  const [remark, setRemark] = useState('');
  const [dueDay, setDueDay] = useState('');
  const dueAt = transition.to === 'approved' ? endOfDay(dueDay) : null;
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
        body: transitionBody(row, transition.to, remark, dueAt),
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
    setNoCopies(false);
    if (dueDay && !dueAt) return;
    if (!navigator.onLine) {
      void keep();
      return;
    }
    mutation.mutate(
      { row, to: transition.to, remark, dueAt },
      {
        onSuccess: () => {
          notifySuccess(t`Saved`);
          onClose();
        },
        onError: (e) => {
          if (e instanceof NetworkError) return void keep();
          const due = e instanceof ApiError ? e.fieldErrors.dueAt : undefined;
          setRefusal(due ? `${t`Due date`}: ${fieldErrorMessage(due)}` : e instanceof ApiError ? e.message : t`Error`);
          setNoCopies(e instanceof ApiError && ruleReasonOf(e.data)?.code === 'no_copies');
        },
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
            {noCopies && (
              <Button
                mt="xs"
                size="xs"
                variant="light"
                color={placeOnHold.color}
                data-testid="transition-hold-instead"
                onClick={() => {
                  setTransition(placeOnHold);
                  setRefusal(null);
                  setNoCopies(false);
                }}
              >
                <Trans>Place on hold instead</Trans>
              </Button>
            )}
          </Alert>
        )}
        {transition.to === 'approved' && (
          <DateField
            label={t`Due date`}
            description={t`Leave empty for the usual loan period (the category's, else the loan policy's)`}
            value={dueDay}
            onChange={setDueDay}
            data-testid="transition-due"
          />
        )}
        {transition.to === 'on_hold' && (
          <Text size="sm" c="dimmed" data-testid="transition-hold-note">
            <Trans>The request joins the book's queue; when a copy comes back it is kept for the first in line.</Trans>
          </Text>
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
