import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { Services } from '../services';

/** CreateUploadVideo's fields for the record, by their RPC names. */
export interface UploadVideoFields {
  Title?: string;
  FileName?: string;
  FileSize?: number;
  Description?: string;
  CateId?: number;
  Tags?: string;
  CoverURL?: string;
}

export type Actor = { staffId: number; userName: string };

/** A refused CreateUploadVideo field, by its RPC parameter name. */
export class VideoFieldError extends Error {
  constructor(
    readonly param: string,
    message: string,
  ) {
    super(message);
    this.name = 'VideoFieldError';
  }
}

/** GetVideoInfo / GetPlayInfo, as the record knows them (URLs relative to the server). */
export interface VideoInfo {
  videoId: string;
  title: string;
  description: string | null;
  duration: number | null;
  coverUrl: string | null;
  status: string;
  size: number;
  creationTime: string;
  cateId: number | null;
  tags: string | null;
  snapshots: string[];
  /** Its renditions while it can be played; empty before (GetPlayInfo answers NoneStream). */
  playInfo: {
    format: 'm3u8';
    url: string;
    definition: string;
    duration: number;
    width: number;
    height: number;
    bitrate: number;
    size: number;
    fps: number;
  }[];
}

/**
 * What the video service asks of whoever keeps video records (the video noun's server part gives
 * them: NounServer.videoHooks), so this infrastructure never imports a noun nor names its table.
 * app.ts hands them to the service's routes and main.ts to the lifecycle sweep: each app its own.
 */
export interface VideoHooks {
  /** CreateUploadVideo: the record, in the transaction that stores its media row (throws VideoFieldError). */
  create(trx: Kysely<Database>, videoId: string, fields: UploadVideoFields, actor: Actor, at: string): Promise<void>;
  exists(db: Kysely<Database>, videoId: string): Promise<boolean>;
  /** Its bytes are all here (status past Uploading): a late progress report is not kept. */
  uploaded(db: Kysely<Database>, videoId: string): Promise<boolean>;
  /** The object completed (after its commit): the record takes the real size and processing starts. */
  completed(services: Services, videoId: string, size: number, actor: Actor): Promise<void>;
  info(db: Kysely<Database>, videoId: string): Promise<VideoInfo | null>;
  /** The lifecycle sweep: the ids of videos still `Uploading` that were created before `cutoff`. */
  staleUploads(db: Kysely<Database>, cutoff: string): Promise<string[]>;
  /**
   * The lifecycle sweep closes one (audited as the system): `objectArrived` says its bytes are in
   * the bucket after all. False when it was no longer `Uploading` (another instance got there first).
   */
  abandoned(
    services: Pick<Services, 'db'> & Partial<Services>,
    videoId: string,
    objectArrived: boolean,
    now: Date,
  ): Promise<boolean>;
}
