import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Button, Group, Stack, Text, Textarea } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useState } from 'react';
import { Dialog } from '../../../components/dialog';
import { notifySuccess } from '../../../components/notify';
import { ApiError } from '../../../lib/http';
import { useApplicationTransition } from '../api';
import type { Transition } from '../model';
import type { Application } from '../schema';

interface Props {
  row: Application;
  transition: Transition;
  onClose: () => void;
}

/** Confirms one status change with an optional remark; the server's refusal (409) stays visible here. */
export function TransitionModal({ row, transition, onClose }: Props) {
  const { t, i18n } = useLingui();
  const [remark, setRemark] = useState('');
  const [refusal, setRefusal] = useState<string | null>(null);
  const mutation = useApplicationTransition();
  const reader = row.nickName ?? `#${row.userId}`;
  const book = row.bookTitle ?? `#${row.bookId}`;

  const confirm = () => {
    setRefusal(null);
    mutation.mutate(
      { row, to: transition.to, remark },
      {
        onSuccess: () => {
          notifySuccess(t`Saved`);
          onClose();
        },
        onError: (e) => setRefusal(e instanceof ApiError ? e.message : t`Error`),
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
          <Button variant="default" onClick={onClose} disabled={mutation.isPending}>
            <Trans>Cancel</Trans>
          </Button>
          <Button
            color={transition.color}
            onClick={confirm}
            loading={mutation.isPending}
            data-testid="transition-confirm"
          >
            {i18n._(transition.action)}
          </Button>
        </Group>
      </Stack>
    </Dialog>
  );
}
