import { Trans } from '@lingui/react/macro';
import { Button, EmptyState } from '@mantine/core';
import { IconCloudOff } from '@tabler/icons-react';

/** The list could not be loaded; the http client has already toasted why. */
export function ListError({
  message,
  onRetry,
  retrying,
}: {
  message?: string;
  onRetry: () => void;
  retrying: boolean;
}) {
  return (
    <EmptyState
      py="xl"
      data-testid="list-error"
      role="alert"
      icon={<IconCloudOff size={32} aria-hidden />}
      title={<Trans>The list could not be loaded</Trans>}
      description={message}
    >
      <EmptyState.Actions>
        <Button variant="light" onClick={onRetry} loading={retrying}>
          <Trans>Retry</Trans>
        </Button>
      </EmptyState.Actions>
    </EmptyState>
  );
}
