import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { ItemState, UploadItem } from '../../upload/protocol';

/** Pure display helpers of the upload panel. */
const UNITS = ['B', 'KB', 'MB', 'GB', 'TB'] as const;

export function formatBytes(n: number): string {
  let v = n;
  let u = 0;
  while (v >= 1024 && u < UNITS.length - 1) {
    v /= 1024;
    u += 1;
  }
  return `${u === 0 ? v : v.toFixed(v < 10 ? 1 : 0)} ${UNITS[u]}`;
}

/** `1:05`, `1:02:03`; null stays unknown. */
export function formatDuration(seconds: number | null): string | null {
  if (seconds === null || !Number.isFinite(seconds)) return null;
  const s = Math.ceil(seconds);
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const ss = String(s % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${ss}` : `${m}:${ss}`;
}

export const percent = (i: Pick<UploadItem, 'loaded' | 'fileSize'>): number =>
  i.fileSize > 0 ? Math.min(100, Math.floor((i.loaded / i.fileSize) * 100)) : 0;

export const STATE_LABELS: Record<ItemState, MessageDescriptor> = {
  Ready: msg`Ready`,
  Uploading: msg`Uploading`,
  Success: msg`Uploaded`,
  Failure: msg`Failed`,
  Canceled: msg`Canceled`,
  Stoped: msg`Stopped`,
};

export const STATE_COLORS: Record<ItemState, string> = {
  Ready: 'gray',
  Uploading: 'blue',
  Success: 'green',
  Failure: 'red',
  Canceled: 'dark',
  Stoped: 'yellow',
};

/** The upload SDK's codes (SPEC.md §8) in the user's language; other codes show the service's message. */
export const CODE_MESSAGES: Record<string, MessageDescriptor> = {
  EmptyFile: msg`The file is empty (0 bytes) and cannot be uploaded.`,
  FileDuplication: msg`This file is already in the list.`,
  UploadAlearyStarted: msg`The upload has already started.`,
  'InvalidParameter.EmptyValue': msg`A required value is empty.`,
  'InvalidParameter.TokenInvalid': msg`The upload credential is invalid.`,
  ReadFileError: msg`The file could not be read.`,
  GetUploadAuthFailed: msg`Could not get the upload authorization.`,
  OSSAbort: msg`The upload was stopped by the storage service.`,
};

/** Whether the per-file fields may still change (nothing was created at the service yet). */
export const editable = (i: UploadItem): boolean => !i.videoId && i.state !== 'Uploading' && i.state !== 'Success';
