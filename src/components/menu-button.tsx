import { useLingui } from '@lingui/react/macro';
import { ActionIcon, type ActionIconProps, Button, type ButtonProps, type ElementProps } from '@mantine/core';
import { type Icon, IconChevronDown, IconDotsVertical } from '@tabler/icons-react';

type Props = ButtonProps &
  ElementProps<'button', keyof ButtonProps> & {
    icon: Icon;
    'data-testid'?: string;
  };

/** A toolbar button that opens a menu: its icon, its text and a chevron, in the toolbar's plain look. */
export function MenuButton({ icon: IconComponent, ...props }: Props) {
  return (
    <Button
      variant="default"
      leftSection={<IconComponent size={16} aria-hidden />}
      rightSection={<IconChevronDown size={14} aria-hidden />}
      {...props}
    />
  );
}

/**
 * A phone's toolbar button for the actions that do not fit its one row (views, export, import): an
 * icon as tall as the search box beside it, named for screen readers.
 */
export function MoreButton(
  props: ActionIconProps & ElementProps<'button', keyof ActionIconProps> & { 'data-testid'?: string },
) {
  const { t } = useLingui();
  return (
    <ActionIcon variant="default" size="input-sm" aria-label={t`More actions`} {...props}>
      <IconDotsVertical size={18} aria-hidden />
    </ActionIcon>
  );
}
