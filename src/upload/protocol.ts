/**
 * The one message protocol between the console (UI thread) and the upload worker. Both sides import
 * this file; every message is a discriminated union on `type`.
 */
import type { Sample } from './speed';

/** Item states of docs/product.md §4. `Stoped` is the original SDK's spelling, kept on purpose. */
export const ITEM_STATES = ['Ready', 'Uploading', 'Success', 'Failure', 'Canceled', 'Stoped'] as const;
export type ItemState = (typeof ITEM_STATES)[number];

/** Uploader states of docs/product.md §4. */
export const UPLOADER_STATES = ['Init', 'Start', 'Stop', 'Failure', 'Expire', 'End'] as const;
export type UploaderState = (typeof UPLOADER_STATES)[number];

/** The upload SDK's codes of docs/product.md §8, verbatim (`UploadAlearyStarted` misspelling included). */
export const UPLOAD_ERROR_CODES = [
  'EmptyFile',
  'FileDuplication',
  'UploadAlearyStarted',
  'InvalidParameter.EmptyValue',
  'InvalidParameter.TokenInvalid',
  'ReadFileError',
  'GetUploadAuthFailed',
  'OSSAbort',
] as const;
export type UploadErrorCode = (typeof UPLOAD_ERROR_CODES)[number];

/** videoInfo of docs/product.md §3 (the fields CreateUploadVideo takes; the service's capitalisation). */
export interface VideoInfo {
  Title: string;
  Description?: string;
  CateId?: number;
  /** Comma-separated. */
  Tags?: string;
  CoverURL?: string;
  UserData?: string;
}

/** `data` of GET /prod-api/video/upload/credential (docs/api.md §4): temporary credentials for the VOD RPC. */
export interface VodCredential {
  accessKeyId: string;
  accessKeySecret: string;
  securityToken: string;
  expiration: string;
  region: string;
  vodEndpoint: string;
  userId: string | number;
}

/** Why an Uploading item is not moving right now. */
/** network: the browser is offline; server: online but the server does not answer (reconnecting). */
export type Waiting = 'network' | 'server' | 'credential' | null;

export interface UploadError {
  code: string;
  message: string;
}

/** One file in the queue as the UI sees it (the File itself stays in the worker). */
export interface UploadItem {
  id: string;
  /** Checkpoint key `upload_{lastModified}_{name}_{size}`. */
  key: string;
  fileName: string;
  fileSize: number;
  lastModified: number;
  state: ItemState;
  videoInfo: VideoInfo;
  hasCover: boolean;
  videoId: string | null;
  /** Bytes known to be stored by the service. */
  loaded: number;
  /** Bytes per second over the last seconds (speed.ts); 0 while unknown or stalled. */
  speed: number;
  /** Recent [time, bytes acknowledged] samples the speed is measured over. */
  samples: readonly Sample[];
  waiting: Waiting;
  /** A checkpoint of an interrupted upload matched this file: only missing parts are sent. */
  resumed: boolean;
  /** Files added together, or while others were still uploading, share a batch (overall progress). */
  batch: number;
  error: UploadError | null;
}

/** A checkpoint left in IndexedDB by an earlier session (reload or crash). */
export interface InterruptedUpload {
  key: string;
  fileName: string;
  fileSize: number;
  lastModified: number;
  loaded: number;
  videoId: string | null;
  state: ItemState;
  /**
   * The browser kept a handle to the file (File System Access): the console can reopen it and
   * resume without the user choosing the file again (the handle itself stays in IndexedDB).
   */
  reopenable: boolean;
}

export interface UploadSnapshot {
  uploader: UploaderState;
  online: boolean;
  items: UploadItem[];
  interrupted: InterruptedUpload[];
  /** False once the service said our UserId is invalid: progress is no longer reported. */
  reportProgress: boolean;
}

export interface NewFile {
  file: File;
  videoInfo?: Partial<VideoInfo>;
  cover?: File;
  /** Where the browser gives one (showOpenFilePicker, drop): kept with the checkpoint. */
  handle?: FileSystemFileHandle;
  /** Queued stopped, not waiting: a file that was stopped or failed in a window now closed (ledger.ts). */
  stopped?: boolean;
}

/** Commands the worker passes on to the upload queue (queue.ts) as the UI sent them. */
export type QueueCommand =
  /** Without ids: the uploader starts (Failure and Stoped items back to Ready). With ids: those items. */
  | { type: 'start'; ids?: string[] }
  /** Without ids: the uploader stops (the uploading item becomes Stoped). With ids: those items. */
  | { type: 'stop'; ids?: string[] }
  | { type: 'cancel'; id: string }
  | { type: 'resume'; id: string }
  | { type: 'delete'; id: string }
  | { type: 'clean' }
  | { type: 'set-online'; online: boolean };

/** UI → worker. */
export type UploadCommand =
  | { type: 'hello' }
  | { type: 'add'; files: NewFile[] }
  | { type: 'update-info'; id: string; videoInfo: VideoInfo; cover?: File | null }
  | QueueCommand
  | { type: 'forget-interrupted'; key: string }
  /** Answer to `credential-needed`. */
  | { type: 'credential'; credential: VodCredential }
  /** unreachable: the console could not reach the server at all (not a refusal): wait and ask again. */
  | { type: 'credential-error'; message: string; unreachable?: boolean };

export type LogLevel = 'info' | 'warn' | 'error';

/** Worker → UI. */
export type UploadEvent =
  | { type: 'snapshot'; state: UploadSnapshot }
  | { type: 'error'; code: string; message: string; id?: string }
  | { type: 'log'; level: LogLevel; message: string }
  /** The worker needs (fresh) VOD credentials: the UI fetches GET /video/upload/credential. */
  | { type: 'credential-needed' };
