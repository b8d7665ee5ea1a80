import { ActionIcon, type ActionIconProps, type ElementProps } from '@mantine/core';
import type { Icon } from '@tabler/icons-react';
import { Tooltip } from './floating';

type Props = ActionIconProps &
  ElementProps<'button'> & {
    /** The tooltip, shown after a short pause (one word: "Edit"). */
    tip: string;
    /** The accessible name, naming the record ("Edit The Hobbit"). */
    label: string;
    icon: Icon;
    iconSize?: number;
  };

/** A subtle icon button of a row or a list item, with its tooltip and its accessible name. */
export function IconAction({ tip, label, icon: IconComponent, iconSize = 18, ...props }: Props) {
  return (
    <Tooltip label={tip} openDelay={400}>
      <ActionIcon variant="subtle" aria-label={label} {...props}>
        <IconComponent size={iconSize} aria-hidden />
      </ActionIcon>
    </Tooltip>
  );
}
