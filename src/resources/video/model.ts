import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { formValuesFrom } from '../../components/resource/form/form-values';
import { enumFilter } from '../../components/resource/list/list-search';
import { screenFilterNames, searchSchemaOf } from '../../components/resource/list/spec-search';
import type { Option } from '../../components/resource/types';
import { VIDEO_STATUSES } from '../../contract/values';
import type { Video, VideoFailReason, VideoStatus } from './schema';
import { videoSpec } from './spec';

/** A video record as the list and its record page read it: with what processing found (docs/api.md §7). */
export type VideoRecord = Video;

/** The names of what can be done to a video (dialogs, buttons), the same on the list and its page. */
export const VIDEO_LABELS = { create: msg`Upload videos`, edit: msg`Edit video`, delete: msg`Delete video` };

/** A video's own page. */
export const videoRecordPath = (v: Pick<VideoRecord, 'id'>) => `/web/video/${v.id}`;

export const VIDEO_STATUS_OPTIONS: Option<VideoStatus>[] = [
  { value: 'Uploading', label: msg`Uploading`, color: 'blue' },
  { value: 'UploadSucc', label: msg`Queued`, color: 'gray' },
  { value: 'Transcoding', label: msg`Processing`, color: 'yellow' },
  { value: 'TranscodeFail', label: msg`Failed`, color: 'red' },
  // "Ready", as Home says it: one name per status.
  { value: 'Normal', label: msg`Ready`, color: 'green' },
];

/** The option (label, colour) of a status. */
export const videoStatusOption = (status: string): Option<VideoStatus> | undefined =>
  VIDEO_STATUS_OPTIONS.find((o) => o.value === status);

/** Whether nothing will change the record without a person (playable, or failed for good). */
export const settled = (status: string): boolean => status === 'Normal' || status === 'TranscodeFail';

/** Why processing failed, by the service's reason code; another code (the cloud's) shows under a general line. */
export const FAIL_REASONS: Record<VideoFailReason, MessageDescriptor> = {
  not_a_video: msg`The file is not a video that can be played.`,
  transcode_failed: msg`The video could not be converted for playback.`,
  source_missing: msg`The uploaded file is missing from storage.`,
  upload_abandoned: msg`The upload was never completed.`,
};
export const FAIL_REASON_OTHER = msg`Processing failed.`;

/** `0:07`, `4:05`, `1:02:03` for a duration in seconds (rounded); null when unknown. */
export function formatVideoDuration(seconds: number | null | undefined): string | null {
  if (seconds === null || seconds === undefined || !Number.isFinite(seconds) || seconds < 0) return null;
  const s = Math.round(seconds);
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const ss = String(s % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${ss}` : `${m}:${ss}`;
}

/** `1280×720`; null when either side is unknown. */
export function formatResolution(width: number | null | undefined, height: number | null | undefined): string | null {
  return width && height ? `${width}×${height}` : null;
}

/** Its common name where it has one (`720p`), for a screen reader and a phone's card. */
export function resolutionName(width: number | null | undefined, height: number | null | undefined): string | null {
  if (!width || !height) return null;
  // A portrait video's lines are its width: a 720×1280 phone clip is 720p too.
  return `${Math.min(width, height)}p`;
}

/** The form of a record's editable fields (`PUT /video`): tags are the service's comma-separated text. */
export const toVideoFormValues = formValuesFrom({
  title: '',
  description: '',
  cateId: null as number | null,
  tags: '',
  coverUrl: '',
});
export type VideoFormValues = ReturnType<typeof toVideoFormValues>;

export const VIDEO_FILTERS = screenFilterNames(videoSpec.filters, ['status']);

/** /web/video?pageNum&pageSize&keyword&sort&order&status */
export const videoSearchSchema = searchSchemaOf(videoSpec, { status: enumFilter(VIDEO_STATUSES) });
