import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Button, Group, PasswordInput, Stack } from '@mantine/core';
import { type FormErrors, useForm } from '@mantine/form';
import { useState } from 'react';
import { MIN_PASSWORD_LENGTH, preloadPasswordPolicy, ratePassword } from '../../../contract/password-policy';
import { ApiError } from '../../../lib/http';
import { translateFieldErrors } from '../../../lib/zod-form';
import { changePasswordStep } from '../mfa-api';
import { judgePassword } from '../model';
import { usePasswordRating } from '../use-password-rating';
import { PasswordMeter } from './password-meter';

interface Values {
  oldPassword: string;
  newPassword: string;
  confirm: string;
}
const FIELDS: (keyof Values)[] = ['oldPassword', 'newPassword', 'confirm'];

const min = MIN_PASSWORD_LENGTH;
const PROBLEM = {
  tooShort: msg`Use at least ${min} characters`,
  tooCommon: msg`This is a common password: choose another`,
  tooWeak: msg`This password is easy to guess: make it longer or less predictable`,
};

interface Props {
  /** The name the member signs in with (for password managers). */
  account: string;
  /** Words of the member's own account (name, sign-in name): a password built from them is weak. */
  userWords: readonly string[];
  onChanged(): void;
  /** The change is required (the first sign-in): the current password was typed a moment ago. */
  forced?: boolean;
}

/** Current password, new password with its strength meter, and the new one again. */
export function ChangePasswordForm({ account, userWords, onChanged, forced = false }: Props) {
  const { t, i18n } = useLingui();
  const [busy, setBusy] = useState(false);
  const form = useForm<Values>({
    mode: 'controlled',
    initialValues: { oldPassword: '', newPassword: '', confirm: '' },
    validate: {
      oldPassword: (v) => (v ? null : t`Enter your current password`),
      newPassword: (v, values) => {
        if (!v) return t`Enter a new password`;
        return v === values.oldPassword ? t`The new password must differ from the current one` : null;
      },
      confirm: (v, values) => (v === values.newPassword ? null : t`The passwords do not match`),
    },
  });
  const { newPassword } = form.getValues();
  const { rating, unavailable } = usePasswordRating(newPassword, userWords);
  const verdict = judgePassword(newPassword, rating);

  /** Errors go under their fields and the first of them takes the focus. */
  const showErrors = (errors: FormErrors) => {
    form.setErrors(errors);
    const first = FIELDS.find((f) => errors[f]);
    if (first) requestAnimationFrame(() => form.getInputNode(first)?.focus());
  };

  const submit = form.onSubmit(
    async (values) => {
      setBusy(true);
      try {
        // The rule itself, not the debounced meter: the meter may be a keystroke behind. If the
        // estimator cannot load, the server's check is the one that counts.
        const strength = await ratePassword(values.newPassword, [...userWords]).catch(() => undefined);
        if (strength?.problem) {
          showErrors({ newPassword: i18n._(PROBLEM[strength.problem]) });
          return;
        }
        // A required change may lead on to the second factor's enrolment, on the sign-in page.
        if (await changePasswordStep({ oldPassword: values.oldPassword, newPassword: values.newPassword })) return;
        form.reset();
        onChanged();
      } catch (e) {
        // The http client has shown the message; field errors also go under their fields.
        if (e instanceof ApiError) showErrors(translateFieldErrors(e.fieldErrors));
      } finally {
        setBusy(false);
      }
    },
    (errors) => showErrors(errors),
  );

  return (
    <form
      onSubmit={submit}
      // The estimator's dictionaries (~200 KiB gzip) load with the first key typed, while the
      // current password is entered: not for a visit to read the sessions below.
      onInput={preloadPasswordPolicy}
      noValidate
      aria-label={t`Change password`}
      data-testid="password-form"
    >
      {/* The account name lets password managers file the new password under the right entry. */}
      <input type="text" name="username" autoComplete="username" value={account} readOnly hidden />
      <Stack gap="sm" maw={420}>
        <PasswordInput
          label={t`Current password`}
          // Just typed to sign in, so say why it is asked again.
          description={
            forced
              ? t`The one you signed in with. Asked again so that nobody else can choose your new password on this screen.`
              : undefined
          }
          autoComplete="current-password"
          required
          data-autofocus
          autoFocus
          visibilityToggleButtonProps={{ 'aria-label': t`Show or hide the password` }}
          key={form.key('oldPassword')}
          {...form.getInputProps('oldPassword')}
        />
        <PasswordInput
          label={t`New password`}
          autoComplete="new-password"
          required
          visibilityToggleButtonProps={{ 'aria-label': t`Show or hide the password` }}
          // The meter is the field's description, so it is what the field is described by.
          description={<PasswordMeter verdict={verdict} unavailable={unavailable} />}
          descriptionProps={{ component: 'div' }}
          inputWrapperOrder={['label', 'input', 'error', 'description']}
          key={form.key('newPassword')}
          {...form.getInputProps('newPassword')}
        />
        <PasswordInput
          label={t`Confirm new password`}
          autoComplete="new-password"
          required
          visibilityToggleButtonProps={{ 'aria-label': t`Show or hide the password` }}
          key={form.key('confirm')}
          {...form.getInputProps('confirm')}
        />
        <Group>
          <Button type="submit" loading={busy} data-testid="password-submit">
            <Trans>Change password</Trans>
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
