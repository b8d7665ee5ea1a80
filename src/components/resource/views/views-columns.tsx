import { Trans, useLingui } from '@lingui/react/macro';
import {
  ActionIcon,
  Button,
  Checkbox,
  Group,
  Modal,
  NumberInput,
  SegmentedControl,
  Stack,
  Table,
  Text,
} from '@mantine/core';
import { IconArrowDown, IconArrowUp } from '@tabler/icons-react';
import { useState } from 'react';
import type { Density } from '../../../contract/views';
import type { ColumnDef } from '../types';
import type { ViewLayout } from './views-store';

interface Props<T> {
  columns: ColumnDef<T>[];
  layout: ViewLayout;
  busy: boolean;
  onCancel: () => void;
  onSave: (layout: ViewLayout) => void;
}

interface Row {
  key: string;
  label: string;
  shown: boolean;
  width: number | undefined;
}

/** The column chooser in its dialog, drawn while `opened`. */
export function ViewsColumnsDialog<T>({ opened, ...props }: Props<T> & { opened: boolean }) {
  const { t } = useLingui();
  return (
    <Modal
      opened={opened}
      onClose={props.onCancel}
      title={t`Columns and density`}
      closeButtonProps={{ 'aria-label': t`Close` }}
      size="lg"
    >
      {opened && <ViewsColumns {...props} />}
    </Modal>
  );
}

/**
 * The column chooser: show or hide each column, move it up or down (buttons, so the keyboard can),
 * an optional width, and the row density. At least one column stays shown.
 */
function ViewsColumns<T>({ columns, layout, busy, onCancel, onSave }: Props<T>) {
  const { t, i18n } = useLingui();
  const [density, setDensity] = useState<Density>(layout.density);
  const [rows, setRows] = useState<Row[]>(() => {
    const order = layout.columns ?? columns.map((c) => c.key);
    const known = order.filter((k) => columns.some((c) => c.key === k));
    const rest = columns.map((c) => c.key).filter((k) => !known.includes(k));
    return [...known, ...rest].map((key) => {
      const c = columns.find((x) => x.key === key) as ColumnDef<T>;
      return { key, label: i18n._(c.label), shown: known.includes(key), width: layout.widths[key] };
    });
  });
  const move = (i: number, by: -1 | 1) =>
    setRows((rs) => {
      const next = [...rs];
      const [row] = next.splice(i, 1);
      if (row) next.splice(i + by, 0, row);
      return next;
    });
  const patch = (i: number, p: Partial<Row>) => setRows((rs) => rs.map((r, j) => (j === i ? { ...r, ...p } : r)));
  const shownCount = rows.filter((r) => r.shown).length;
  const save = () => {
    const widths: Record<string, number> = {};
    for (const r of rows) if (r.width) widths[r.key] = r.width;
    onSave({ columns: rows.filter((r) => r.shown).map((r) => r.key), widths, density });
  };

  return (
    <Stack>
      <div>
        <Text size="sm" fw={500} id="views-density-label">
          <Trans>Row density</Trans>
        </Text>
        <SegmentedControl
          aria-labelledby="views-density-label"
          value={density}
          onChange={(v) => setDensity(v as Density)}
          data-testid="views-density"
          data={[
            { value: 'compact', label: t`Compact` },
            { value: 'comfortable', label: t`Comfortable` },
            { value: 'spacious', label: t`Spacious` },
          ]}
        />
      </div>
      <Table verticalSpacing={4} data-testid="views-column-list">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>
              <Trans>Column</Trans>
            </Table.Th>
            <Table.Th w={130}>
              <Trans>Width (px)</Trans>
            </Table.Th>
            <Table.Th w={80}>
              <Trans>Order</Trans>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((r, i) => (
            <Table.Tr key={r.key} data-testid="views-column" data-key={r.key}>
              <Table.Td>
                <Checkbox
                  label={r.label}
                  checked={r.shown}
                  // The last shown column cannot be hidden: a table needs one.
                  disabled={r.shown && shownCount === 1}
                  onChange={(e) => patch(i, { shown: e.currentTarget.checked })}
                />
              </Table.Td>
              <Table.Td>
                <NumberInput
                  aria-label={t`Width of ${r.label} in pixels`}
                  placeholder={t`Auto`}
                  min={24}
                  max={2000}
                  allowDecimal={false}
                  size="xs"
                  value={r.width ?? ''}
                  onChange={(v) =>
                    patch(i, { width: typeof v === 'number' && v >= 24 ? Math.min(v, 2000) : undefined })
                  }
                />
              </Table.Td>
              <Table.Td>
                <Group gap={4} wrap="nowrap">
                  <ActionIcon
                    variant="subtle"
                    aria-label={t`Move ${r.label} up`}
                    disabled={i === 0}
                    onClick={() => move(i, -1)}
                  >
                    <IconArrowUp size={16} aria-hidden />
                  </ActionIcon>
                  <ActionIcon
                    variant="subtle"
                    aria-label={t`Move ${r.label} down`}
                    disabled={i === rows.length - 1}
                    onClick={() => move(i, 1)}
                  >
                    <IconArrowDown size={16} aria-hidden />
                  </ActionIcon>
                </Group>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <Group justify="flex-end">
        <Button variant="default" onClick={onCancel}>
          <Trans>Cancel</Trans>
        </Button>
        <Button onClick={save} loading={busy} data-testid="views-columns-save">
          <Trans>Apply</Trans>
        </Button>
      </Group>
    </Stack>
  );
}
