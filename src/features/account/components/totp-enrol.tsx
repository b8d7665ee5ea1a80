import { Trans, useLingui } from '@lingui/react/macro';
import { Box, Button, Code as CodeText, Group, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { Code } from '../../../contract/envelope';
import type { TotpSetup } from '../../../contract/mfa';
import { ApiError } from '../../../lib/http';
import { confirmTotp } from '../mfa-api';

interface Props {
  setup: TotpSetup;
  onEnrolled(codes: string[]): void;
  onCancel(): void;
}

/** Adding an authenticator app: the QR code (the server's SVG) and the key as text, then one code. */
export function TotpEnrol({ setup, onEnrolled, onCancel }: Props) {
  const { t } = useLingui();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    if (!code.trim()) return setError(t`Please enter the code`);
    setBusy(true);
    setError(null);
    try {
      onEnrolled((await confirmTotp(code.trim())).recoveryCodes);
    } catch (err) {
      setError(
        err instanceof ApiError && err.code === Code.Invalid
          ? t`That code is not right, or it was used already. Try the next one.`
          : err instanceof Error
            ? err.message
            : t`Error`,
      );
    } finally {
      setBusy(false);
    }
  };

  return (
    <form onSubmit={submit} noValidate data-testid="totp-enrol">
      <Stack gap="sm" maw={420}>
        <Text size="sm">
          <Trans>
            Scan this QR code with an authenticator app (Google Authenticator, Microsoft Authenticator, 1Password…),
            then enter the 6-digit code it shows.
          </Trans>
        </Text>
        <Box
          w={184}
          p={8}
          bg="white"
          style={{ borderRadius: 4 }}
          role="img"
          aria-label={t`QR code for your authenticator app`}
          // The server's own SVG (uqr): no script, drawn as markup so it scales crisply.
          // biome-ignore lint/security/noDangerouslySetInnerHtml: the server's generated QR code
          dangerouslySetInnerHTML={{ __html: setup.qrSvg }}
        />
        <Text size="sm" c="dimmed">
          <Trans>Cannot scan it? Enter this key in the app:</Trans>
        </Text>
        <CodeText block data-testid="totp-secret" style={{ wordBreak: 'break-all' }}>
          {setup.secret.replace(/(.{4})/g, '$1 ').trim()}
        </CodeText>
        <TextInput
          label={t`Code`}
          autoComplete="one-time-code"
          inputMode="numeric"
          maxLength={6}
          value={code}
          error={error}
          onChange={(e) => setCode(e.currentTarget.value)}
          data-autofocus
        />
        <Group>
          <Button type="submit" loading={busy}>
            <Trans>Confirm</Trans>
          </Button>
          <Button variant="default" onClick={onCancel}>
            <Trans>Cancel</Trans>
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
