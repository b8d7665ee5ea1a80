import type { QueryClient } from '@tanstack/react-query';
import { http } from '../../lib/api';
import type { VodCredential } from '../../upload/protocol';
import { createVodClient, type PlayInfo } from '../../upload/vod-client';

/**
 * Playback through the video service's own calls (docs/api.md §7), the same in cloud mode. The
 * player imports this when someone means to play (a pointer or the focus on Play), so the signing
 * code is not part of the record page's first load.
 */

/** A renewal this long before the credential expires, so a call never goes out with a dying one. */
const CREDENTIAL_MARGIN_MS = 60_000;

/**
 * The video service's temporary credential (the one the upload worker signs with). Its key does not
 * start with 'video': a change to a video record must not fetch a new one.
 */
export const vodCredentialQuery = () => ({
  queryKey: ['vod', 'credential'] as const,
  queryFn: () => http.get<VodCredential>('/video/upload/credential', { quiet: true }),
  staleTime: (q: { state: { data?: VodCredential } }) => {
    const expires = Date.parse(q.state.data?.expiration ?? '');
    return Number.isFinite(expires) ? Math.max(0, expires - Date.now() - CREDENTIAL_MARGIN_MS) : 0;
  },
});

/**
 * The rendition for a screen `pixels` wide: the smallest that fills it, else the largest. Several
 * renditions come as separate playlists in the cloud's answer, one per definition.
 */
export function pickRendition(list: readonly PlayInfo[], pixels: number): PlayInfo | undefined {
  const sorted = [...list].sort((a, b) => (a.Width ?? 0) - (b.Width ?? 0));
  return sorted.find((p) => (p.Width ?? 0) >= pixels) ?? sorted.at(-1);
}

/**
 * The address to play now: GetPlayInfo's HLS rendition for this screen. Asked for each time the
 * player starts (a PlayURL may be signed for a short while), never kept in the query cache.
 */
export async function playUrl(queryClient: QueryClient, videoId: string, pixels: number): Promise<string> {
  const credential = await queryClient.fetchQuery(vodCredentialQuery());
  const answer = await createVodClient(credential).getPlayInfo(videoId);
  const hls = (answer.PlayInfoList?.PlayInfo ?? []).filter((p) => p.Format === 'm3u8' && p.PlayURL);
  const url = pickRendition(hls, pixels)?.PlayURL;
  if (!url) throw new Error('no HLS rendition');
  return url;
}
