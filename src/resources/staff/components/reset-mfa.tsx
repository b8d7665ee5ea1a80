import { useLingui } from '@lingui/react/macro';
import { IconShieldOff } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { openConfirmModal } from '../../../components/confirm-modal';
import { IconAction } from '../../../components/icon-action';
import { notifySuccess } from '../../../components/notify';
import { http } from '../../../lib/api';
import { isOwnAccount } from '../../../lib/auth';
import type { Staff } from '../schema';

/**
 * "Reset two-step sign-in" (docs/accounts.md): for a member who lost their phone and their
 * recovery codes. Their authenticator app and recovery codes are deleted and they are signed out
 * everywhere; the next sign-in is by password, then a new enrolment if their role requires one.
 * Not on one's own row: that is the account page's, behind "Confirm it's you".
 */
export function ResetMfaAction({ staff }: { staff: Staff }) {
  const { t } = useLingui();
  const name = staff.userName;
  const reset = useMutation({
    mutationFn: () => http.post<{ hadFactor: boolean; sessionsEnded: number }>(`/user/${staff.id}/reset-mfa`),
    onSuccess: () => notifySuccess(t`Two-step sign-in of ${name} was reset; they are signed out everywhere.`),
  });
  if (isOwnAccount(staff)) return null;
  return (
    <IconAction
      tip={t`Reset two-step sign-in`}
      label={t`Reset two-step sign-in of ${name}`}
      icon={IconShieldOff}
      loading={reset.isPending}
      data-testid="staff-reset-mfa"
      onClick={() =>
        openConfirmModal({
          title: t`Reset two-step sign-in of ${name}?`,
          children: t`Their authenticator app and recovery codes stop working and they are signed out everywhere. They sign in next with their password alone, and set up a new app if their role requires one.`,
          labels: { confirm: t`Reset`, cancel: t`Cancel` },
          confirmProps: { color: 'red', 'data-testid': 'staff-reset-mfa-confirm' } as never,
          onConfirm: () => reset.mutate(),
        })
      }
    />
  );
}
