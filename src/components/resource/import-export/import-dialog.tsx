import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Badge, Button, Group, Modal, Paper, Progress, ScrollArea, Stack, Table, Text } from '@mantine/core';
import { IconFileDownload, IconFileUpload } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { type DragEvent, useRef, useState } from 'react';
import { Code } from '../../../contract/envelope';
import { IMPORT_MAX_BYTES, type ImportFileError, type ImportReport, type ImportResult } from '../../../contract/import';
import { notifySuccess } from '../../notify';
import type { LabelSource } from './csv-for-people';
import { saveBlob } from './export-csv';
import { postImport } from './import-api';
import { labelSets, templateCsv, toImportCsv } from './import-labels';
import { fileErrorMessage, rowErrorMessage } from './import-messages';

/** Row errors shown in the dialog; the rest are counted ("and 12 more"). */
const SHOWN_ERRORS = 100;

type Phase =
  | { kind: 'idle' }
  | { kind: 'checking' | 'importing'; progress: number }
  | { kind: 'checked'; report: ImportReport }
  | { kind: 'refused'; message: string; report?: ImportReport };

const utf8 = new TextDecoder('utf-8', { fatal: true });

/**
 * Import from CSV: pick or drop a file, see the server's dry run (every invalid row with its field
 * and reason, the first rows as read), fix the file and pick it again, then import with progress.
 * The import is all or nothing on the server; the list refreshes after it. A file with the
 * screen's labels for headers and values (the export for people, in any of the four languages)
 * is sent as the import reads it: field names and raw values (import-labels.ts).
 */
export default function ImportDialog({
  api: { path, key },
  screen,
  title,
  onClose,
}: {
  /** Where the file goes, and the key of the queries it refreshes (its noun's). */
  api: { path: string; key: readonly string[] };
  /** The screen's columns, filters and form: their labels are read as field names, and the template. */
  screen?: LabelSource;
  title: string;
  onClose: () => void;
}) {
  const { t, i18n } = useLingui();
  const queryClient = useQueryClient();
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  /** What is sent: the chosen file, or its rewrite with field names and raw values. */
  const [sendable, setSendable] = useState<File | null>(null);
  const [phase, setPhase] = useState<Phase>({ kind: 'idle' });
  const [dragging, setDragging] = useState(false);
  const busy = phase.kind === 'checking' || phase.kind === 'importing';

  /** A refusal of the whole file, or a report, in words. */
  const explain = (status: number, code: number, data: unknown, fallback: string): Phase => {
    if (code === Code.TooLarge || status === 413)
      return { kind: 'refused', message: t`The file is larger than 5 MiB.` };
    const errors = (data as { errors?: ImportFileError[] } | null)?.errors;
    const fileError = errors?.find((e) => e.path === 'file');
    if (fileError) return { kind: 'refused', message: fileErrorMessage(fileError) };
    return { kind: 'refused', message: fallback };
  };

  /** The file as the import reads it; a file that is not UTF-8 goes as it is, for the server to name. */
  const prepare = async (chosen: File): Promise<File> => {
    if (!screen) return chosen;
    let text: string;
    try {
      text = utf8.decode(await chosen.arrayBuffer());
    } catch {
      return chosen;
    }
    const rewritten = toImportCsv(text, await labelSets(screen, i18n.locale));
    return rewritten === null ? chosen : new File([rewritten], chosen.name, { type: 'text/csv' });
  };

  const check = async (chosen: File) => {
    setFile(chosen);
    setSendable(null);
    if (chosen.size > IMPORT_MAX_BYTES) {
      setPhase({ kind: 'refused', message: t`The file is larger than 5 MiB.` });
      return;
    }
    setPhase({ kind: 'checking', progress: 0 });
    try {
      const sent = await prepare(chosen);
      setSendable(sent);
      const { status, envelope } = await postImport(path, sent, true, (p) =>
        setPhase({ kind: 'checking', progress: p }),
      );
      if (envelope.code === Code.Ok) setPhase({ kind: 'checked', report: envelope.data as ImportReport });
      else setPhase(explain(status, envelope.code, envelope.data, envelope.msg));
    } catch (e) {
      setPhase({ kind: 'refused', message: e instanceof Error ? e.message : String(e) });
    }
  };

  const run = async () => {
    if (!sendable) return;
    setPhase({ kind: 'importing', progress: 0 });
    try {
      const { status, envelope } = await postImport(path, sendable, false, (p) =>
        setPhase({ kind: 'importing', progress: p }),
      );
      if (envelope.code === Code.Ok) {
        const { created } = envelope.data as ImportResult;
        await queryClient.invalidateQueries({ queryKey: key });
        notifySuccess(t`${plural(created, { one: 'Imported # record', other: 'Imported # records' })}`);
        onClose();
        return;
      }
      const report = (envelope.data as ImportReport | null)?.errors?.some((e) => 'row' in e)
        ? (envelope.data as ImportReport)
        : undefined;
      // Rows that became invalid since the check (a value taken meanwhile): the new report.
      if (report) setPhase({ kind: 'checked', report });
      else setPhase(explain(status, envelope.code, envelope.data, envelope.msg));
    } catch (e) {
      setPhase({ kind: 'refused', message: e instanceof Error ? e.message : String(e) });
    }
  };

  const onDrop = (e: DragEvent) => {
    e.preventDefault();
    setDragging(false);
    const dropped = e.dataTransfer.files[0];
    if (dropped && !busy) void check(dropped);
  };

  const report = phase.kind === 'checked' ? phase.report : undefined;
  const ready = report !== undefined && report.invalid === 0 && report.valid > 0;

  return (
    <Modal
      opened
      onClose={busy ? () => undefined : onClose}
      title={title}
      size="xl"
      closeButtonProps={{ 'aria-label': t`Close` }}
      data-testid="import-dialog"
    >
      <Stack gap="md">
        <Paper
          withBorder
          p="lg"
          radius="md"
          onDragOver={(e) => {
            e.preventDefault();
            setDragging(true);
          }}
          onDragLeave={() => setDragging(false)}
          onDrop={onDrop}
          bg={dragging ? 'var(--mantine-color-blue-light)' : undefined}
          style={{ borderStyle: 'dashed', textAlign: 'center' }}
          data-testid="import-drop"
        >
          <Stack align="center" gap="xs">
            <IconFileUpload size={32} aria-hidden />
            <Text size="sm">
              <Trans>Drop a CSV file here (UTF-8, a header row, the columns of an export), or</Trans>
            </Text>
            <Group gap="xs" justify="center">
              <Button
                variant="light"
                onClick={() => input.current?.click()}
                disabled={busy}
                data-testid="import-choose"
              >
                {file ? <Trans>Choose another file</Trans> : <Trans>Choose a file</Trans>}
              </Button>
              {screen?.form && (
                <Button
                  variant="subtle"
                  leftSection={<IconFileDownload size={16} aria-hidden />}
                  onClick={() =>
                    saveBlob(
                      new Blob([templateCsv(screen)], { type: 'text/csv;charset=utf-8' }),
                      `${path.replace(/\//g, '-')}-template.csv`,
                    )
                  }
                  data-testid="import-template"
                >
                  <Trans>Download template</Trans>
                </Button>
              )}
            </Group>
            {screen && (
              <Text size="xs" c="dimmed" data-testid="import-headers-hint">
                <Trans>
                  Headers can be field names or this screen’s labels in any of the four languages: both exports import
                  back.
                </Trans>
              </Text>
            )}
            {file && (
              <Text size="xs" c="dimmed" data-testid="import-file-name">
                {file.name}
              </Text>
            )}
            <input
              ref={input}
              type="file"
              accept=".csv,text/csv"
              hidden
              data-testid="import-file"
              aria-label={t`CSV file`}
              onChange={(e) => {
                const chosen = e.currentTarget.files?.[0];
                // Cleared, so choosing the same (fixed) file again is a change too.
                e.currentTarget.value = '';
                if (chosen) void check(chosen);
              }}
            />
          </Stack>
        </Paper>

        {busy && (
          <Stack gap={4} data-testid="import-progress">
            <Text size="sm">
              {phase.progress < 1
                ? phase.kind === 'checking'
                  ? t`Uploading for a check…`
                  : t`Uploading…`
                : phase.kind === 'checking'
                  ? t`Checking every row…`
                  : t`Importing…`}
            </Text>
            <Progress
              value={phase.progress < 1 ? phase.progress * 100 : 100}
              animated={phase.progress >= 1}
              striped={phase.progress >= 1}
              aria-label={t`Progress`}
            />
          </Stack>
        )}

        {phase.kind === 'refused' && (
          <Alert color="red" data-testid="import-refused">
            {phase.message}
          </Alert>
        )}

        {report && <ImportReportView report={report} />}

        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={busy}>
            <Trans>Cancel</Trans>
          </Button>
          <Button onClick={run} disabled={!ready} loading={phase.kind === 'importing'} data-testid="import-run">
            {report && ready ? t`Import ${report.valid} rows` : t`Import`}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

function ImportReportView({ report }: { report: ImportReport }) {
  const { t } = useLingui();
  const shown = report.errors.slice(0, SHOWN_ERRORS);
  const more = report.invalid > 0 ? Math.max(0, report.errors.length - shown.length) : 0;
  const preview = report.preview ?? [];
  const columns = preview[0] ? Object.keys(preview[0]).filter((k) => k !== 'row') : [];
  return (
    <Stack gap="sm" data-testid="import-report">
      <Group gap="xs">
        <Text size="sm" fw={500}>
          <Trans>{report.total} rows</Trans>
        </Text>
        <Badge color="green" variant="light" data-testid="import-valid">
          {t`${report.valid} valid`}
        </Badge>
        <Badge color={report.invalid > 0 ? 'red' : 'gray'} variant="light" data-testid="import-invalid">
          {t`${plural(report.invalid, { one: '# invalid', other: '# invalid' })}`}
        </Badge>
      </Group>
      {report.invalid > 0 && (
        <>
          <Text size="sm" c="red">
            <Trans>Nothing is imported while any row is invalid. Fix these rows in the file and choose it again.</Trans>
          </Text>
          <ScrollArea.Autosize mah={260}>
            <Table striped withTableBorder data-testid="import-errors">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th w={70}>{t`Row`}</Table.Th>
                  <Table.Th w={140}>{t`Field`}</Table.Th>
                  <Table.Th>{t`Problem`}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {shown.map((e) => (
                  <Table.Tr
                    key={`${e.row}-${e.field}`}
                    data-testid="import-error"
                    data-row={e.row}
                    data-field={e.field}
                  >
                    <Table.Td>{e.row}</Table.Td>
                    <Table.Td ff="monospace">{e.field}</Table.Td>
                    <Table.Td>{rowErrorMessage(e)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </ScrollArea.Autosize>
          {more > 0 && <Text size="xs" c="dimmed">{t`And ${more} more problems`}</Text>}
        </>
      )}
      {preview.length > 0 && (
        <>
          <Text size="sm" fw={500}>
            <Trans>First rows, as read</Trans>
          </Text>
          <Table.ScrollContainer minWidth={600}>
            <Table withTableBorder fz="xs" data-testid="import-preview">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t`Row`}</Table.Th>
                  {columns.map((c) => (
                    <Table.Th key={c} ff="monospace">
                      {c}
                    </Table.Th>
                  ))}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {preview.map((r) => (
                  <Table.Tr key={String(r.row)}>
                    <Table.Td>{String(r.row)}</Table.Td>
                    {columns.map((c) => (
                      <Table.Td key={c} style={{ maxWidth: 200, overflow: 'hidden', textOverflow: 'ellipsis' }}>
                        {String(r[c] ?? '')}
                      </Table.Td>
                    ))}
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </>
      )}
    </Stack>
  );
}
