import { useLingui } from '@lingui/react/macro';
import { IconRefresh } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { IconAction } from '../../../components/icon-action';
import { notifySuccess } from '../../../components/notify';
import { retryVideo, videoApi } from '../api';
import type { VideoRecord } from '../model';

/**
 * A failed video sent back to the processing queue: said in a toast, and every list and page of
 * videos refreshed (the live stream then follows its status).
 */
export function useRetryVideo(video: Pick<VideoRecord, 'id'>) {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => retryVideo(video.id),
    onSuccess: () => notifySuccess(t`The video is queued for processing again.`),
    onSettled: () => queryClient.invalidateQueries({ queryKey: videoApi.key }),
  });
}

/** "Process again" on a failed video's row or card, where the failure is seen. */
export function RetryVideoAction({ video }: { video: VideoRecord }) {
  const { t } = useLingui();
  const retry = useRetryVideo(video);
  const title = video.title;
  return (
    <IconAction
      tip={t`Process again`}
      label={t`Process again ${title}`}
      icon={IconRefresh}
      loading={retry.isPending}
      onClick={() => retry.mutate()}
      data-testid="video-retry-row"
    />
  );
}
