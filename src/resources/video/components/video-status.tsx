import { useLingui } from '@lingui/react/macro';
import { Badge, Stack, Text } from '@mantine/core';
import { FAIL_REASON_OTHER, FAIL_REASONS, videoStatusOption } from '../model';
import type { VideoFailReason } from '../schema';

/** A failure's reason in the user's language; an unknown code under a general line. */
export function useFailReason(): (code: string | null | undefined) => string | null {
  const { i18n } = useLingui();
  return (code) => {
    if (!code) return null;
    return Object.hasOwn(FAIL_REASONS, code)
      ? i18n._(FAIL_REASONS[code as VideoFailReason])
      : `${i18n._(FAIL_REASON_OTHER)} (${code})`;
  };
}

/**
 * A video's processing status as a badge (its colour and translated name), and under a failed one
 * the reason in words: the list, the cards and the record page say it the same way.
 */
export function VideoStatus({ status, failReason }: { status: string; failReason?: string | null }) {
  const { i18n } = useLingui();
  const reasonOf = useFailReason();
  const option = videoStatusOption(status);
  const reason = option?.value === 'TranscodeFail' ? reasonOf(failReason) : null;
  return (
    <Stack gap={2} align="flex-start">
      <Badge
        color={option?.color ?? 'gray'}
        variant="light"
        radius="sm"
        data-value={option?.value ?? status}
        data-testid="video-status"
      >
        {option ? i18n._(option.label) : status}
      </Badge>
      {reason && (
        <Text size="xs" c="red" lineClamp={2} data-testid="video-fail-reason">
          {reason}
        </Text>
      )}
    </Stack>
  );
}
