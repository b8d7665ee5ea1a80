import { Trans, useLingui } from '@lingui/react/macro';
import { Badge, Button, Code, CopyButton, Group, ScrollArea, Stack, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { useSnapshot } from 'valtio';
import { Dialog } from '../../components/dialog';
import { formatFullDate, relativeTime } from '../../components/format';
import { clearErrorLog, type ErrorLogEntry, errorLogStore } from '../../lib/error-log';

/** The error log's dialog: every collected error, newest first, with its details (docs/product.md §2). */
export default function ErrorLogDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t, i18n } = useLingui();
  const { entries } = useSnapshot(errorLogStore);
  const [detail, setDetail] = useState<ErrorLogEntry | null>(null);
  const json = JSON.stringify(entries, null, 2);
  return (
    <Dialog opened={opened} onClose={onClose} title={t`Error log`} size="xl">
      <Stack>
        <Group justify="flex-end">
          <CopyButton value={json}>
            {({ copied, copy }) => (
              <Button variant="default" size="xs" onClick={copy}>
                {copied ? t`Copied` : t`Copy as JSON`}
              </Button>
            )}
          </CopyButton>
          <Button color="red" variant="light" size="xs" onClick={() => void clearErrorLog()}>
            <Trans>Clear</Trans>
          </Button>
        </Group>
        <ScrollArea.Autosize mah={360}>
          <Table striped highlightOnHover data-testid="error-log-table">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t`Time`}</Table.Th>
                <Table.Th>{t`Message`}</Table.Th>
                <Table.Th>{t`Source`}</Table.Th>
                <Table.Th>{t`Page`}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {[...entries].reverse().map((e) => (
                <Table.Tr key={`${e.time}-${e.err.message}`} onClick={() => setDetail(e)} style={{ cursor: 'pointer' }}>
                  <Table.Td title={formatFullDate(e.time)}>{relativeTime(e.time, i18n.locale, t`just now`)}</Table.Td>
                  <Table.Td>
                    <Badge color="red" variant="light" mr={6}>
                      {e.err.name}
                    </Badge>
                    {e.err.message}
                  </Table.Td>
                  <Table.Td>
                    <Text size="xs" lineClamp={1}>
                      {e.vm.split('\n').find(Boolean)}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Text size="xs">{new URL(e.url).pathname}</Text>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollArea.Autosize>
        {detail && (
          <Code block data-testid="error-log-detail">
            {`${detail.err.name}: ${detail.err.message}\n\n${detail.info}\n\n${detail.vm}\n\n${detail.err.stack ?? ''}`}
          </Code>
        )}
      </Stack>
    </Dialog>
  );
}
