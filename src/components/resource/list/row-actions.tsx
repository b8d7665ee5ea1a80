import { useLingui } from '@lingui/react/macro';
import { Group } from '@mantine/core';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { IconAction } from '../../icon-action';

interface Props {
  title: string;
  onEdit?: () => void;
  /** The pointer or focus is on Edit: the form's code may start loading. */
  onEditIntent?: () => void;
  onDelete?: () => void;
  /** Offline or showing cached data: delete and the resource's own actions need the server. */
  serverDown?: boolean;
  /** The resource's own actions work offline (resource `rowActionsOffline`). */
  actionsOffline?: boolean;
  children?: ReactNode;
}

/** Edit and Delete icon buttons, named with the record ("Edit The Hobbit") for screen readers. */
export function RowActions({ title, onEdit, onEditIntent, onDelete, serverDown, actionsOffline, children }: Props) {
  const { t } = useLingui();
  return (
    // At the cell's end, but never overflowing its start: what does not fit overflows to the right,
    // where the cell's width is measured (use-fitted-columns.ts) and widened to it, instead of
    // spilling over the column before (Approve / Reject over the "Applied" dates).
    <Group gap={4} wrap="nowrap" w="max-content" ml="auto">
      {children && <ServerOnly disabled={serverDown && !actionsOffline}>{children}</ServerOnly>}
      {onEdit && (
        <IconAction
          tip={t`Edit`}
          label={t`Edit ${title}`}
          icon={IconPencil}
          data-testid="row-edit"
          onClick={onEdit}
          onPointerEnter={onEditIntent}
          onFocus={onEditIntent}
        />
      )}
      {onDelete && (
        <IconAction
          tip={t`Delete`}
          label={t`Delete ${title}`}
          icon={IconTrash}
          color="red"
          data-testid="row-delete"
          disabled={serverDown}
          onClick={onDelete}
        />
      )}
    </Group>
  );
}

/** Disables every button inside while the server cannot be reached (a disabled fieldset does that natively). */
export function ServerOnly({ disabled, children }: { disabled?: boolean; children: ReactNode }) {
  return (
    <fieldset disabled={disabled} style={{ display: 'contents', border: 0, margin: 0, padding: 0 }}>
      {children}
    </fieldset>
  );
}
