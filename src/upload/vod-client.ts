import { rpcSignature } from '../contract/vod-signature';
import type { VodCredential } from './protocol';

/** The VOD service's RPC calls of docs/api.md §5, signed with the temporary credential. */
export const VOD_VERSION = '2017-03-21';

export class VodError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly status: number,
    readonly requestId?: string,
  ) {
    super(message);
    this.name = 'VodError';
  }
}

export interface UploadTicket {
  VideoId: string;
  UploadAddress: string;
  UploadAuth: string;
}

export interface ImageTicket {
  ImageId: string;
  ImageURL: string;
  UploadAddress: string;
  UploadAuth: string;
}

/** One rendition of GetPlayInfo (docs/api.md §7). */
export interface PlayInfo {
  Format: string;
  PlayURL: string;
  Definition?: string;
  Duration?: string | number;
  Width?: number;
  Height?: number;
  Bitrate?: string | number;
  Size?: number;
  Status?: string;
}

export interface PlayInfoAnswer {
  VideoBase?: { VideoId: string; Title?: string; Duration?: string | number; CoverURL?: string; Status?: string };
  PlayInfoList?: { PlayInfo?: PlayInfo[] };
}

export interface VideoInfoAnswer {
  Video?: {
    VideoId: string;
    Title?: string;
    Duration?: number;
    CoverURL?: string;
    Status?: string;
    Size?: number;
    Snapshots?: { Snapshot?: string[] };
  };
}

export interface ProgressPoint {
  UploadPoint?: string;
  VideoId?: string;
}

type Params = Record<string, string | number | undefined | null>;

export interface VodDeps {
  fetch?: typeof fetch;
  now?: () => Date;
  nonce?: () => string;
}

/** `2016-02-23T12:46:24Z`: ISO 8601 UTC without milliseconds. */
export const timestamp = (d: Date): string => `${d.toISOString().slice(0, 19)}Z`;

/** The signed query (or form) of one call; exported for tests. */
export async function signedParams(
  method: 'GET' | 'POST',
  action: string,
  params: Params,
  cred: Pick<VodCredential, 'accessKeyId' | 'accessKeySecret' | 'securityToken'>,
  deps: VodDeps = {},
): Promise<Record<string, string>> {
  const all: Record<string, string> = {
    Action: action,
    AccessKeyId: cred.accessKeyId,
    SecurityToken: cred.securityToken,
    Version: VOD_VERSION,
    Format: 'JSON',
    SignatureMethod: 'HMAC-SHA1',
    SignatureVersion: '1.0',
    SignatureNonce: (deps.nonce ?? (() => crypto.randomUUID()))(),
    Timestamp: timestamp((deps.now ?? (() => new Date()))()),
  };
  for (const [k, v] of Object.entries(params)) if (v !== undefined && v !== null && v !== '') all[k] = String(v);
  all.Signature = await rpcSignature(method, all, cred.accessKeySecret);
  return all;
}

export function createVodClient(cred: VodCredential, deps: VodDeps = {}) {
  const doFetch = deps.fetch ?? ((input: RequestInfo | URL, init?: RequestInit) => fetch(input, init));

  async function call<T>(action: string, params: Params, method: 'GET' | 'POST' = 'GET'): Promise<T> {
    const signed = await signedParams(method, action, params, cred, deps);
    const body = new URLSearchParams(signed).toString();
    const res =
      method === 'GET'
        ? await doFetch(`${cred.vodEndpoint}?${body}`, { method })
        : await doFetch(cred.vodEndpoint, {
            method,
            headers: { 'content-type': 'application/x-www-form-urlencoded' },
            body,
          });
    let data: Record<string, unknown> = {};
    try {
      data = (await res.json()) as Record<string, unknown>;
    } catch {
      // a body that is not JSON is reported by status below
    }
    if (!res.ok || typeof data.Code === 'string') {
      throw new VodError(
        String(data.Code ?? `HTTP${res.status}`),
        String(data.Message ?? res.statusText ?? 'request failed'),
        res.status,
        typeof data.RequestId === 'string' ? data.RequestId : undefined,
      );
    }
    return data as T;
  }

  return {
    credential: cred,
    createUploadVideo: (p: {
      Title: string;
      FileName: string;
      FileSize: number;
      Description?: string;
      CateId?: number;
      Tags?: string;
      CoverURL?: string;
      UserData?: string;
    }) => call<UploadTicket>('CreateUploadVideo', p),
    refreshUploadVideo: (videoId: string) => call<UploadTicket>('RefreshUploadVideo', { VideoId: videoId }),
    createUploadImage: (p: { ImageType: string; ImageExt: string; Title?: string }) =>
      call<ImageTicket>('CreateUploadImage', p),
    reportUploadProgress: (p: {
      FileHash: string;
      FileName: string;
      FileSize: number;
      UploadPoint: string;
      VideoId?: string;
    }) => call<unknown>('ReportUploadProgress', { UserId: cred.userId, ...p }, 'POST'),
    /** The video's renditions (the console plays the HLS one): the same call against the cloud. */
    getPlayInfo: (videoId: string, formats = 'm3u8') =>
      call<PlayInfoAnswer>('GetPlayInfo', { VideoId: videoId, Formats: formats }),
    getVideoInfo: (videoId: string) => call<VideoInfoAnswer>('GetVideoInfo', { VideoId: videoId }),
    getUploadProgress: (fileHash: string) =>
      call<ProgressPoint>('GetUploadProgress', { UserId: cred.userId, FileHash: fileHash }),
  };
}

export type VodClient = ReturnType<typeof createVodClient>;
