import { queryOptions } from '@tanstack/react-query';
import type { Page } from '../../contract/common';
import { http } from '../../lib/api';
import { videoApi } from '../../resources/video/api';
import type { VideoRecord } from '../../resources/video/model';

/**
 * What the service made of an uploaded file: its video record, found by the service's id. The key
 * starts with the Videos list's, so the live stream's word that a video changed (processing moved
 * on) refetches it, as it refreshes the list: no polling.
 */
export const uploadedVideoQuery = (videoId: string) =>
  queryOptions({
    queryKey: [...videoApi.key, 'uploaded', videoId] as const,
    // Quiet: the card says nothing more than "uploaded" until the record answers.
    queryFn: async (): Promise<VideoRecord | null> => {
      const page = await http.post<Page<VideoRecord>>(
        `/${videoApi.path}/page`,
        { pageNum: 1, pageSize: 10, keyword: videoId },
        { quiet: true },
      );
      return page.items.find((v) => v.videoId === videoId) ?? null;
    },
  });

/** Where the uploaded file is in processing, as the queue says it. */
export type ProcessingStep = 'processing' | 'ready' | 'failed';

export const processingStep = (status: string): ProcessingStep =>
  status === 'Normal' ? 'ready' : status === 'TranscodeFail' ? 'failed' : 'processing';
