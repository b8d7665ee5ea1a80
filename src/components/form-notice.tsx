import { Alert, type AlertProps, type ElementProps } from '@mantine/core';
import type { Icon } from '@tabler/icons-react';

type Props = Omit<AlertProps, 'icon'> &
  ElementProps<'div', keyof AlertProps> & {
    icon: Icon;
    'data-testid'?: string;
  };

/**
 * A light notice above a form, read out politely when it appears (role status): someone else is
 * editing the record, the password has been changed.
 */
export function FormNotice({ icon: IconComponent, ...props }: Props) {
  return <Alert variant="light" mb="md" role="status" icon={<IconComponent size={18} aria-hidden />} {...props} />;
}
