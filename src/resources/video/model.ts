import { msg } from '@lingui/core/macro';
import { enumFilter, listSearchSchema } from '../../components/resource/list-search';
import { rangePairs, screenFilterNames, searchFilters } from '../../components/resource/spec-search';
import type { Option } from '../../components/resource/types';
import { VIDEO_SORTS, VIDEO_STATUSES } from '../../contract/values';
import type { VideoStatus } from './schema';
import { videoSpec } from './spec';

export const VIDEO_STATUS_OPTIONS: Option<VideoStatus>[] = [
  { value: 'uploading', label: msg`Uploading`, color: 'blue' },
  // "Ready", as Home says it: one name per status.
  { value: 'normal', label: msg`Ready`, color: 'green' },
  { value: 'failed', label: msg`Failed`, color: 'red' },
];

export const VIDEO_FILTERS = screenFilterNames(videoSpec.filters, ['status']);

/** /web/video?pageNum&pageSize&keyword&sort&order&status */
export const videoSearchSchema = listSearchSchema(
  VIDEO_SORTS,
  { status: enumFilter(VIDEO_STATUSES), ...searchFilters(videoSpec.filters) },
  rangePairs(videoSpec.filters),
);
