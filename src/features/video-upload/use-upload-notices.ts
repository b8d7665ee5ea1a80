import { useLingui } from '@lingui/react/macro';
import { useQueries, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { subscribe } from 'valtio';
import { notifyVideo } from '../../pwa/notifications';
import type { ItemState, UploadItem } from '../../upload/protocol';
import { processingStep, uploadedVideoQuery } from './processing';
import { uploadsStore } from './uploads';

interface Watched {
  videoId: string;
  title: string;
}

/** Pure: the items whose state became `Success` or `Failure` since `before` (absent: never seen). */
export function uploadEnds(
  before: ReadonlyMap<string, ItemState>,
  items: readonly Pick<UploadItem, 'id' | 'state'>[],
): { id: string; state: 'Success' | 'Failure' }[] {
  return items.flatMap((i) =>
    (i.state === 'Success' || i.state === 'Failure') && before.get(i.id) !== i.state
      ? [{ id: i.id, state: i.state }]
      : [],
  );
}

const titleOf = (i: UploadItem) => i.videoInfo.Title.trim() || i.fileName;

/**
 * Tells the notifier (pwa/notifications.ts) when an upload of this tab ends, and when the video it
 * made turns ready or fails processing (the same record query as the card, refetched by the live
 * stream). The notifier shows it only while the console is hidden, and hands the video to the
 * service worker to tell of once the console is closed. Mounted with the upload indicator.
 */
export function useUploadNotices(): void {
  const { i18n } = useLingui();
  const queryClient = useQueryClient();
  const [watched, setWatched] = useState<Watched[]>([]);
  const told = useRef(new Set<string>());

  useEffect(() => {
    let before: Map<string, ItemState> | null = null;
    const check = () => {
      // Until the worker's first snapshot the store holds an empty queue, not what it runs.
      if (!uploadsStore.connected) return;
      const items = uploadsStore.snapshot.items;
      // What had ended before this tab's first snapshot was told of then, or never will be.
      const ends = before ? uploadEnds(before, items) : [];
      before = new Map(items.map((i) => [i.id, i.state]));
      // With several windows, the one running the uploads tells (each would, once per window).
      if (uploadsStore.elsewhere) return;
      for (const end of ends) {
        const item = items.find((i) => i.id === end.id);
        if (!item) continue;
        const videoId = item.videoId;
        const title = titleOf(item);
        if (end.state === 'Failure') {
          void notifyVideo(i18n, 'uploadFailed', { videoId: videoId ?? item.id, title });
          continue;
        }
        if (!videoId) continue;
        void queryClient
          .fetchQuery(uploadedVideoQuery(videoId))
          .catch(() => null)
          .then((video) => notifyVideo(i18n, 'uploadDone', { videoId, title, id: video?.id }));
        setWatched((w) => [...w.filter((v) => v.videoId !== videoId), { videoId, title }]);
      }
    };
    check();
    // The store, not its snapshot: each worker snapshot replaces that object whole.
    return subscribe(uploadsStore, check);
  }, [i18n, queryClient]);

  const videos = useQueries({ queries: watched.map((w) => uploadedVideoQuery(w.videoId)) });
  useEffect(() => {
    videos.forEach((q, n) => {
      const w = watched[n];
      const video = q.data;
      if (!w || !video || told.current.has(w.videoId)) return;
      const step = processingStep(video.status);
      if (step === 'processing') return;
      told.current.add(w.videoId);
      void notifyVideo(i18n, step === 'ready' ? 'videoReady' : 'videoFailed', { ...w, id: video.id });
      setWatched((all) => all.filter((v) => v.videoId !== w.videoId));
    });
  }, [videos, watched, i18n]);
}
