import { useLingui } from '@lingui/react/macro';
import { ActionIcon, Group, Tooltip } from '@mantine/core';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import type { ReactNode } from 'react';

interface Props {
  title: string;
  onEdit?: () => void;
  onDelete?: () => void;
  children?: ReactNode;
}

/** Edit and Delete icon buttons, named with the record ("Edit The Hobbit") for screen readers. */
export function RowActions({ title, onEdit, onDelete, children }: Props) {
  const { t } = useLingui();
  return (
    <Group gap={4} justify="flex-end" wrap="nowrap">
      {children}
      {onEdit && (
        <Tooltip label={t`Edit`} openDelay={400}>
          <ActionIcon variant="subtle" aria-label={t`Edit ${title}`} data-testid="row-edit" onClick={onEdit}>
            <IconPencil size={18} aria-hidden />
          </ActionIcon>
        </Tooltip>
      )}
      {onDelete && (
        <Tooltip label={t`Delete`} openDelay={400}>
          <ActionIcon
            variant="subtle"
            color="red"
            aria-label={t`Delete ${title}`}
            data-testid="row-delete"
            onClick={onDelete}
          >
            <IconTrash size={18} aria-hidden />
          </ActionIcon>
        </Tooltip>
      )}
    </Group>
  );
}
