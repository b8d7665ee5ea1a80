import { queryOptions } from '@tanstack/react-query';
import { http } from '../../lib/api';
import type { VodCredential } from '../../upload/protocol';
import { createVodClient, type PlayInfo } from '../../upload/vod-client';

/**
 * Playback through the video service's own calls (docs/api.md §7), the same in cloud mode: only the
 * record page's player imports this, so the signing code stays out of the list.
 */

/** A renewal this long before the credential expires, so a call never goes out with a dying one. */
const CREDENTIAL_MARGIN_MS = 60_000;

/**
 * The video service's temporary credential (the one the upload worker signs with). Its key does not
 * start with 'video': a change to a video record must not fetch a new one.
 */
export const vodCredentialQuery = () =>
  queryOptions({
    queryKey: ['vod', 'credential'] as const,
    queryFn: () => http.get<VodCredential>('/video/upload/credential', { quiet: true }),
    staleTime: (q) => {
      const expires = Date.parse(q.state.data?.expiration ?? '');
      return Number.isFinite(expires) ? Math.max(0, expires - Date.now() - CREDENTIAL_MARGIN_MS) : 0;
    },
  });

/**
 * The HLS rendition to play, from the service's GetPlayInfo (the same call the cloud answers, so
 * the console plays in cloud mode too). A PlayURL may be signed for a short while: it is asked for
 * when the player needs it and never refetched behind its back (a new address would restart it).
 */
export const playInfoQuery = (videoId: string, credential: VodCredential | undefined) =>
  queryOptions({
    queryKey: ['vod', 'play', videoId] as const,
    queryFn: async (): Promise<PlayInfo[]> => {
      if (!credential) throw new Error('no credential');
      const answer = await createVodClient(credential).getPlayInfo(videoId);
      return (answer.PlayInfoList?.PlayInfo ?? []).filter((p) => p.Format === 'm3u8' && p.PlayURL);
    },
    enabled: Boolean(credential),
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
    retry: false,
  });

/**
 * The rendition for a screen `pixels` wide: the smallest that fills it, else the largest. Several
 * renditions come as separate playlists in the cloud's answer, one per definition.
 */
export function pickRendition(list: readonly PlayInfo[], pixels: number): PlayInfo | undefined {
  const sorted = [...list].sort((a, b) => (a.Width ?? 0) - (b.Width ?? 0));
  return sorted.find((p) => (p.Width ?? 0) >= pixels) ?? sorted.at(-1);
}
