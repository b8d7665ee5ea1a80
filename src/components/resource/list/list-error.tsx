import { Trans } from '@lingui/react/macro';
import { Button, EmptyState } from '@mantine/core';
import { IconCloudOff } from '@tabler/icons-react';
import type { ReactNode } from 'react';

/** A list with nothing to show that another try may fill: why, and a Retry button. */
export function RetryState({
  testId,
  role,
  title,
  description,
  onRetry,
  retrying,
}: {
  testId: string;
  role: 'alert' | 'status';
  title: ReactNode;
  description?: ReactNode;
  onRetry: () => void;
  retrying: boolean;
}) {
  return (
    <EmptyState
      py="xl"
      data-testid={testId}
      role={role}
      icon={<IconCloudOff size={32} aria-hidden />}
      title={title}
      description={description}
    >
      <EmptyState.Actions>
        <Button variant="light" onClick={onRetry} loading={retrying}>
          <Trans>Retry</Trans>
        </Button>
      </EmptyState.Actions>
    </EmptyState>
  );
}

/** The list could not be loaded; the http client has already toasted why. */
export function ListError({ message, ...retry }: { message?: string; onRetry: () => void; retrying: boolean }) {
  return (
    <RetryState
      testId="list-error"
      role="alert"
      title={<Trans>The list could not be loaded</Trans>}
      description={message}
      {...retry}
    />
  );
}
