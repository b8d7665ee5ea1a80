import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Button, Code, Collapse, Table, Text } from '@mantine/core';
import { IconChevronDown, IconChevronRight } from '@tabler/icons-react';
import { useId, useState } from 'react';
import { fieldLabel } from '../field-labels';
import { changeLines } from '../model';
import type { AuditChange } from '../schema';

/**
 * The changed fields of one entry (named as the noun `resource` names them); expands to show each
 * field's from → to.
 */
export function ChangeDetails({ resource, changes }: { resource: string; changes: Record<string, AuditChange> }) {
  const { t, i18n } = useLingui();
  const labelOf = (field: string) => {
    const known = fieldLabel(resource, field);
    return known ? i18n._(known) : field;
  };
  const [open, setOpen] = useState(false);
  const id = useId();
  const lines = changeLines(changes);
  if (lines.length === 0) return null;
  const names = lines.map((l) => labelOf(l.field)).join(', ');
  const count = lines.length;
  return (
    <div>
      <Button
        variant="subtle"
        size="compact-sm"
        leftSection={open ? <IconChevronDown size={14} aria-hidden /> : <IconChevronRight size={14} aria-hidden />}
        aria-expanded={open}
        aria-controls={id}
        onClick={() => setOpen((o) => !o)}
        data-testid="audit-details"
        // Never wider than its cell or a phone's card.
        maw="min(100%, 360px)"
      >
        <Text size="sm" truncate="end" span title={names}>
          {names}
        </Text>
      </Button>
      <Collapse expanded={open} id={id}>
        <Table
          withTableBorder
          withColumnBorders
          fz="xs"
          mt={4}
          verticalSpacing={4}
          aria-label={t`${plural(count, { one: '# changed field', other: '# changed fields' })}`}
        >
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t`Field`}</Table.Th>
              <Table.Th>{t`Before`}</Table.Th>
              <Table.Th>{t`After`}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {lines.map((l) => (
              <Table.Tr key={l.field} data-testid="audit-change">
                <Table.Td>{fieldLabel(resource, l.field) ? labelOf(l.field) : <Code>{l.field}</Code>}</Table.Td>
                {l.secret ? (
                  <Table.Td colSpan={2}>
                    <Text size="xs" c="dimmed" fs="italic">
                      <Trans>(changed, not shown)</Trans>
                    </Text>
                  </Table.Td>
                ) : (
                  <>
                    <Table.Td c="red.8" style={{ wordBreak: 'break-word' }}>
                      {l.from || (
                        <Text c="dimmed" span size="xs">
                          —
                        </Text>
                      )}
                    </Table.Td>
                    <Table.Td c="green.8" style={{ wordBreak: 'break-word' }}>
                      {l.to || (
                        <Text c="dimmed" span size="xs">
                          —
                        </Text>
                      )}
                    </Table.Td>
                  </>
                )}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Collapse>
    </div>
  );
}
