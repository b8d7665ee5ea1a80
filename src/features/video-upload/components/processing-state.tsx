import { Trans, useLingui } from '@lingui/react/macro';
import { Anchor, Badge, Group, Loader, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useFailReason } from '../../../resources/video/components/video-status';
import { videoRecordPath } from '../../../resources/video/model';
import { processingStep, uploadedVideoQuery } from '../processing';

/**
 * After the bytes are sent: "Processing…", then "Ready" or "Processing failed" and why, with a
 * link to the video's page. Inside the card's polite live region, so each step is announced.
 */
export function ProcessingState({ videoId, name }: { videoId: string; name: string }) {
  const { t } = useLingui();
  const reasonOf = useFailReason();
  const { data: video } = useQuery(uploadedVideoQuery(videoId));
  if (!video) return null;
  const step = processingStep(video.status);
  // The video's page: to watch it, or to process it again after a failure.
  const open = (
    <Anchor component={Link} to={videoRecordPath(video)} size="sm" aria-label={t`Open ${name}`}>
      <Trans>Open</Trans>
    </Anchor>
  );
  return (
    <Group gap="xs" wrap="wrap" data-testid="upload-processing" data-step={step}>
      {step === 'processing' && (
        <Badge color="yellow" variant="light" leftSection={<Loader size={10} color="yellow" aria-hidden />}>
          <Trans>Processing…</Trans>
        </Badge>
      )}
      {step === 'ready' && (
        <>
          <Badge color="green" variant="light">
            <Trans>Ready to play</Trans>
          </Badge>
          {open}
        </>
      )}
      {step === 'failed' && (
        <>
          <Badge color="red" variant="light">
            <Trans>Processing failed</Trans>
          </Badge>
          <Text span c="red" size="sm">
            {reasonOf(video.failReason)}
          </Text>
          {open}
        </>
      )}
    </Group>
  );
}
