import { i18n as globalI18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Badge, Button, Group, Paper, Skeleton, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconKey } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { openConfirmModal } from '../../../components/confirm-modal';
import { formatDateTime, relativeTime } from '../../../components/format';
import { notifySuccess } from '../../../components/notify';
import { PASSKEY_NAME_MAX, type PasskeyInfo } from '../../../contract/passkeys';
import { ApiError } from '../../../lib/http';
import { passkeysQuery, useAddPasskey, useRemovePasskey, useRenamePasskey } from '../passkeys-api';
import { useDeviceLabel } from './sessions-list';

/** WebAuthn in this browser (absent in some embedded and old browsers). */
const canUsePasskeys = () => typeof window !== 'undefined' && typeof window.PublicKeyCredential !== 'undefined';

/**
 * The member's passkeys (docs/passkeys.md): add one (named, the device by default), see when each
 * was added and last used, rename or remove it. A passkey signs in instead of the password and
 * its code: the browser asks for the device's PIN, fingerprint or face each time.
 */
export function PasskeysPanel() {
  const { t } = useLingui();
  const device = useDeviceLabel();
  const passkeys = useQuery(passkeysQuery());
  const add = useAddPasskey();
  const [name, setName] = useState(() => device(navigator.userAgent).slice(0, PASSKEY_NAME_MAX));
  const [error, setError] = useState<string | null>(null);
  const supported = canUsePasskeys();

  const onAdd = () => {
    const chosen = name.trim();
    if (!chosen) {
      setError(t`Give the passkey a name`);
      return;
    }
    setError(null);
    add.mutate(chosen, {
      onSuccess: (p) => {
        const added = p.name;
        notifySuccess(globalI18n._(msg`Passkey “${added}” added`));
      },
      onError: (e) => {
        if (e instanceof Error && e.name === 'NotAllowedError')
          setError(t`The passkey was not created (cancelled or timed out).`);
        else if (e instanceof ApiError && e.status === 409) setError(t`This passkey is already on your account.`);
        else setError(t`The passkey could not be added. Try again.`);
      },
    });
  };

  return (
    <Paper withBorder p="lg" radius="md" data-testid="passkeys">
      <Title order={2} size="h4" mb={4}>
        <Trans>Passkeys</Trans>
      </Title>
      <Text size="sm" c="dimmed" mb="md">
        <Trans>
          Sign in with this device's fingerprint, face or PIN instead of your password. A passkey cannot be guessed,
          phished or reused on another site.
        </Trans>
      </Text>
      <Stack gap="sm">
        {passkeys.isError && (
          <Alert color="red" variant="light" title={t`The passkeys could not be loaded`}>
            <Button size="xs" variant="light" color="red" mt="xs" onClick={() => passkeys.refetch()}>
              <Trans>Retry</Trans>
            </Button>
          </Alert>
        )}
        {passkeys.isPending && <Skeleton height={56} />}
        {passkeys.data?.length === 0 && (
          <Text size="sm" data-testid="no-passkeys">
            <Trans>No passkeys yet.</Trans>
          </Text>
        )}
        {passkeys.data?.map((p) => (
          <PasskeyRow key={p.id} passkey={p} />
        ))}
        {supported ? (
          <Group align="flex-end" gap="sm" wrap="wrap" mt="xs">
            <TextInput
              label={t`Name of the new passkey`}
              value={name}
              onChange={(e) => setName(e.currentTarget.value)}
              maxLength={PASSKEY_NAME_MAX}
              error={error}
              style={{ flex: '1 1 220px' }}
              data-testid="passkey-name"
            />
            <Button leftSection={<IconKey size={16} aria-hidden />} onClick={onAdd} loading={add.isPending}>
              <Trans>Add a passkey</Trans>
            </Button>
          </Group>
        ) : (
          <Text size="sm" c="dimmed" data-testid="passkeys-unsupported">
            <Trans>This browser cannot use passkeys. Sign in with your password here.</Trans>
          </Text>
        )}
      </Stack>
    </Paper>
  );
}

function PasskeyRow({ passkey: p }: { passkey: PasskeyInfo }) {
  const { t, i18n } = useLingui();
  const rename = useRenamePasskey();
  const remove = useRemovePasskey();
  const [editing, setEditing] = useState<string | null>(null);
  const name = p.name;

  const save = () => {
    const next = editing?.trim() ?? '';
    if (!next) return;
    rename.mutate({ id: p.id, name: next }, { onSuccess: () => setEditing(null) });
  };
  const confirmRemove = () =>
    openConfirmModal({
      title: globalI18n._(msg`Remove this passkey?`),
      children: (
        <Text size="sm">
          <Trans>“{name}” will no longer sign you in. Remove it from the device too, in its passkey settings.</Trans>
        </Text>
      ),
      labels: { confirm: globalI18n._(msg`Remove`), cancel: globalI18n._(msg`Cancel`) },
      confirmProps: { color: 'red', 'data-testid': 'confirm-remove-passkey' },
      onConfirm: () =>
        remove.mutate(p.id, { onSuccess: () => notifySuccess(globalI18n._(msg`Passkey “${name}” removed`)) }),
    });

  const added = formatDateTime(p.createdAt, i18n.locale);
  const used = p.lastUsedAt ? relativeTime(p.lastUsedAt, i18n.locale, t`just now`) : t`never`;
  return (
    <Paper withBorder p="sm" radius="sm" data-testid="passkey-row">
      <Group justify="space-between" align="center" gap="sm" wrap="wrap">
        <Stack gap={2} style={{ flex: '1 1 240px', minWidth: 0 }}>
          {editing === null ? (
            <Group gap="xs" wrap="wrap">
              <IconKey size={18} stroke={1.6} aria-hidden />
              <Text fw={600} size="sm" data-testid="passkey-name-text" style={{ overflowWrap: 'anywhere' }}>
                {name}
              </Text>
              {p.synced && (
                <Badge size="sm" variant="light">
                  <Trans>Synced</Trans>
                </Badge>
              )}
            </Group>
          ) : (
            <TextInput
              aria-label={t`New name for ${name}`}
              value={editing}
              onChange={(e) => setEditing(e.currentTarget.value)}
              onKeyDown={(e) => {
                if (e.key === 'Enter') save();
                if (e.key === 'Escape') setEditing(null);
              }}
              maxLength={PASSKEY_NAME_MAX}
              data-testid="passkey-rename-input"
              autoFocus
            />
          )}
          <Text size="xs" c="dimmed">
            <Trans>
              Added {added} · Last used {used}
            </Trans>
          </Text>
        </Stack>
        <Group gap="xs" wrap="nowrap">
          {editing === null ? (
            <>
              <Button size="xs" variant="default" onClick={() => setEditing(name)} aria-label={t`Rename ${name}`}>
                <Trans>Rename</Trans>
              </Button>
              <Button
                size="xs"
                variant="light"
                color="red"
                onClick={confirmRemove}
                loading={remove.isPending}
                aria-label={t`Remove ${name}`}
              >
                <Trans>Remove</Trans>
              </Button>
            </>
          ) : (
            <>
              <Button size="xs" onClick={save} loading={rename.isPending} data-testid="passkey-rename-save">
                <Trans>Save</Trans>
              </Button>
              <Button size="xs" variant="default" onClick={() => setEditing(null)}>
                <Trans>Cancel</Trans>
              </Button>
            </>
          )}
        </Group>
      </Group>
    </Paper>
  );
}
