import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { ItemState, UploadCommand, UploaderState, UploadItem } from '../../upload/protocol';

/** Pure display helpers of the upload panel (sizes: formatBytes in components/format.ts). */

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

/**
 * A file's state in the queue. `Ready` (the SDK's word) is a file not sent yet: it says so, not
 * "Ready", which read as finished before the upload began (and next to "Ready to play").
 */
export const STATE_LABELS: Record<ItemState, MessageDescriptor> = {
  Ready: msg`Waiting to upload`,
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

/** The upload SDK's codes (docs/product.md §8) in the user's language; other codes show the service's message. */
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

const running = (u: UploaderState) => u === 'Start' || u === 'Expire';

/** "Cancel all": every item that can still be canceled (neither uploaded nor canceled already). */
export function cancelAllCommands(items: readonly UploadItem[]): UploadCommand[] {
  return items
    .filter((i) => i.state !== 'Success' && i.state !== 'Canceled')
    .map((i) => ({ type: 'cancel', id: i.id }));
}

/**
 * "Resume all": canceled items back to Ready (resume), then stopped and failed ones (start) — the
 * whole uploader when it is not running, else just those items (a second start would be refused
 * with UploadAlearyStarted). Items go in list order, as always.
 */
export function resumeAllCommands(items: readonly UploadItem[], uploader: UploaderState): UploadCommand[] {
  const commands: UploadCommand[] = items
    .filter((i) => i.state === 'Canceled')
    .map((i) => ({ type: 'resume', id: i.id }));
  const halted = items.filter((i) => i.state === 'Stoped' || i.state === 'Failure').map((i) => i.id);
  if (!running(uploader)) commands.push({ type: 'start' });
  else if (halted.length) commands.push({ type: 'start', ids: halted });
  return commands;
}

export const canResumeAll = (items: readonly UploadItem[]): boolean =>
  items.some((i) => i.state === 'Canceled' || i.state === 'Stoped' || i.state === 'Failure');
export const canCancelAll = (items: readonly UploadItem[]): boolean => cancelAllCommands(items).length > 0;

/**
 * "Start upload" has something to do: a file waiting (Ready), or one stopped or failed that a
 * start sends again. Not once every file is uploaded or canceled: the button stayed enabled then,
 * with nothing queued.
 */
export const canStart = (items: readonly UploadItem[], uploader: UploaderState): boolean =>
  !running(uploader) && items.some((i) => i.state === 'Ready' || i.state === 'Stoped' || i.state === 'Failure');
