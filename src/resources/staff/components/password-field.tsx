import { Trans, useLingui } from '@lingui/react/macro';
import { Anchor, PasswordInput } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import type { FieldRenderProps } from '../../../components/resource/types';
import { MIN_PASSWORD_LENGTH } from '../../../contract/password-policy';
import { PASSWORD_PATH } from '../../../lib/access';
import { isOwnAccount } from '../../../lib/auth';
import type { StaffFormValues } from '../model';

/**
 * Required for a new account; on edit, empty keeps the current password. Never pre-filled. A
 * password set here is one someone else knows, so the member must change it at the next sign-in;
 * one's own is changed only on the Change password page (with the current one), never here.
 */
export function PasswordField({ inputProps, editing, values }: FieldRenderProps<StaffFormValues>) {
  const { t } = useLingui();
  // Whose account this is, as the form opened: typing another name in the form does not change it.
  const [own] = useState(() => Boolean(editing) && isOwnAccount(values));
  const min = MIN_PASSWORD_LENGTH;
  if (own) {
    return (
      <PasswordInput
        {...inputProps}
        value=""
        disabled
        description={
          <Trans>
            Your own password is changed on the{' '}
            <Anchor component={Link} to={PASSWORD_PATH} inherit>
              Change password
            </Anchor>{' '}
            page.
          </Trans>
        }
        data-own-account
      />
    );
  }
  return (
    <PasswordInput
      {...inputProps}
      required={!editing}
      autoComplete="new-password"
      description={
        editing
          ? t`Leave empty to keep the current password. A new one must be changed by the member at the next sign-in.`
          : t`At least ${min} characters, not easy to guess. The member must change it at the first sign-in.`
      }
      visibilityToggleButtonProps={{ 'aria-label': t`Show or hide the password` }}
    />
  );
}
