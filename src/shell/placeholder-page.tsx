import { Trans } from '@lingui/react/macro';
import { Paper, Text, Title } from '@mantine/core';

/** A menu item whose screen has not been built yet. */
export function PlaceholderPage() {
  return (
    <Paper p="xl" withBorder>
      <Title order={3}>
        <Trans>Coming soon</Trans>
      </Title>
      <Text c="dimmed" mt="sm">
        <Trans>This screen is part of the next release of Lectern.</Trans>
      </Text>
    </Paper>
  );
}
