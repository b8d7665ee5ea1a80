import { Center, Group, Table, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { IconArrowsSort, IconSortAscending, IconSortDescending } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { ariaSort, type ListSearch } from './list-search';
import classes from './resource-table.module.css';

interface Props {
  label: string;
  hideLabel?: boolean;
  sortField?: string;
  search: Pick<ListSearch, 'sort' | 'order'>;
  onSort: (field: string) => void;
  width?: number | string;
  align?: 'left' | 'center' | 'right';
  /** The column's key, for the widths fitted to its cells (use-fitted-columns.ts). */
  col?: string;
}

/** A column header; a sortable one is a button, and says its state through aria-sort. */
export function SortHeader({ label, hideLabel, sortField, search, onSort, width, align, col }: Props) {
  const content: ReactNode = hideLabel ? <VisuallyHidden>{label}</VisuallyHidden> : label;
  if (!sortField) {
    return (
      <Table.Th w={width} ta={align} data-col={col}>
        {content}
      </Table.Th>
    );
  }
  const state = ariaSort(search, sortField);
  const Icon = state === 'ascending' ? IconSortAscending : state === 'descending' ? IconSortDescending : IconArrowsSort;
  return (
    <Table.Th w={width} ta={align} aria-sort={state} className={classes.sortable} data-col={col}>
      <UnstyledButton
        onClick={() => onSort(sortField)}
        data-testid={`sort-${sortField}`}
        className={classes.sortButton}
      >
        <Group gap={4} wrap="nowrap" justify={align === 'right' ? 'flex-end' : 'flex-start'}>
          <Text fw={600} fz="sm" span>
            {content}
          </Text>
          <Center c={state === 'none' ? 'dimmed' : undefined}>
            <Icon size={14} aria-hidden />
          </Center>
        </Group>
      </UnstyledButton>
    </Table.Th>
  );
}
