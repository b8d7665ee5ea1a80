import { Trans } from '@lingui/react/macro';
import { Button } from '@mantine/core';
import type { ReactNode } from 'react';
import { confirmDiscard } from '../../../components/confirm';

/**
 * Reset and Save of a form edited in place (the company text, the links): both wait for a change,
 * and Reset asks before it throws the input away.
 */
export function SaveButtons({
  saving,
  dirty,
  reset,
  label,
  testId,
}: {
  saving: boolean;
  dirty: boolean;
  reset: () => void;
  /** Default: Save. */
  label?: ReactNode;
  testId: string;
}) {
  return (
    <>
      <Button variant="default" onClick={() => confirmDiscard(reset)} disabled={saving || !dirty}>
        <Trans>Reset</Trans>
      </Button>
      <Button type="submit" loading={saving} disabled={saving || !dirty} data-testid={testId}>
        {label ?? <Trans>Save</Trans>}
      </Button>
    </>
  );
}
