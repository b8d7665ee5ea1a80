import { Button, type ButtonProps, type ElementProps } from '@mantine/core';
import { type Icon, IconChevronDown } from '@tabler/icons-react';

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
