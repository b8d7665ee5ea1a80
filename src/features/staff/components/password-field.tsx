import { useLingui } from '@lingui/react/macro';
import { PasswordInput } from '@mantine/core';
import type { FieldRenderProps } from '../../../components/resource/types';
import type { StaffFormValues } from '../model';

/** Required for a new account; on edit, empty keeps the current password. Never pre-filled. */
export function PasswordField({ inputProps, editing }: FieldRenderProps<StaffFormValues>) {
  const { t } = useLingui();
  return (
    <PasswordInput
      {...inputProps}
      required={!editing}
      autoComplete="new-password"
      description={editing ? t`Leave empty to keep the current password` : t`At least 8 characters`}
      visibilityToggleButtonProps={{ 'aria-label': t`Show or hide the password` }}
    />
  );
}
