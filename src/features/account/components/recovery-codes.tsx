import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Button, CopyButton, Group, SimpleGrid, Text } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';

/** The recovery codes, shown once (ASVS 6.5.2: only their hashes are kept): copy or download. */
export function RecoveryCodesView({ codes, onDone }: { codes: readonly string[]; onDone(): void }) {
  const { t } = useLingui();
  const text = `${codes.join('\n')}\n`;
  const download = () => {
    const a = document.createElement('a');
    a.href = URL.createObjectURL(new Blob([text], { type: 'text/plain' }));
    a.download = 'lectern-recovery-codes.txt';
    a.click();
    setTimeout(() => URL.revokeObjectURL(a.href), 10_000);
  };
  return (
    <Alert color="yellow" variant="light" title={t`Save your recovery codes`} data-testid="recovery-codes">
      <Text size="sm" mb="sm">
        <Trans>
          If you lose your phone, each of these codes signs you in once. They are shown only now: copy or download them
          and keep them somewhere safe.
        </Trans>
      </Text>
      <SimpleGrid cols={2} spacing="xs" mb="sm" ff="monospace" component="ul" p={0} style={{ listStyle: 'none' }}>
        {codes.map((c) => (
          <li key={c}>{c}</li>
        ))}
      </SimpleGrid>
      <Group gap="xs">
        <CopyButton value={text}>
          {({ copied, copy }) => (
            <Button size="xs" variant="light" onClick={copy}>
              {copied ? t`Copied` : t`Copy`}
            </Button>
          )}
        </CopyButton>
        <Button size="xs" variant="light" leftSection={<IconDownload size={14} aria-hidden />} onClick={download}>
          <Trans>Download</Trans>
        </Button>
        <Button size="xs" onClick={onDone} data-testid="recovery-codes-done">
          <Trans>I have saved them</Trans>
        </Button>
      </Group>
    </Alert>
  );
}
