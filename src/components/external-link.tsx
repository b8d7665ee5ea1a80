import { Anchor, Text } from '@mantine/core';

/** A link address as a link that opens elsewhere; only the contract's schemes ever get here. */
export function ExternalLink({ url }: { url: string | null }) {
  if (!url) {
    return (
      <Text size="sm" c="dimmed">
        —
      </Text>
    );
  }
  return (
    <Anchor
      href={url}
      target="_blank"
      rel="noopener noreferrer"
      size="sm"
      lineClamp={1}
      style={{ wordBreak: 'break-all' }}
    >
      {url}
    </Anchor>
  );
}
