import { msg } from '@lingui/core/macro';
import { CategorySelect } from '../../components/pickers/category-select';
import { CategoryName } from '../../components/pickers/record-names';
import type { FormDef, ResourceScreen } from '../../components/resource/types';
import { lazy } from '../../lib/lazy';
import { videoApi } from './api';
import { toVideoFormValues, VIDEO_LABELS, type VideoFormValues, type VideoRecord } from './model';

// Loaded with the form (the form modal waits for it), so the record page itself stays small.
const TagsField = lazy(() => import('./components/tags-field'));

/**
 * What the record page's Edit changes (`PUT /video`): the fields the cloud's UpdateVideoInfo takes.
 * The cover is chosen in the page's own Cover panel (snapshots or the library), so it is no field
 * here; its value still travels with the form, so saving the text keeps the cover. The schemas load
 * with the form, as every form's do.
 */
export const videoForm: FormDef<VideoRecord, VideoFormValues> = {
  schemas: () => import('./schema').then((m) => ({ create: m.videoUpdateSchema, update: m.videoUpdateSchema })),
  toValues: toVideoFormValues,
  fields: [
    { name: 'title', label: msg`Title`, kind: 'text', required: true, span: 2 },
    {
      name: 'cateId',
      label: msg`Category`,
      kind: 'custom',
      render: ({ inputProps }) => <CategorySelect {...inputProps} clearable />,
      renderValue: (id) => <CategoryName id={id} />,
    },
    {
      name: 'tags',
      label: msg`Tags`,
      kind: 'custom',
      render: ({ inputProps }) => <TagsField {...inputProps} />,
    },
    { name: 'description', label: msg`Description`, kind: 'textarea' },
  ],
};

/**
 * The video as its record page describes it: the list's words and calls with the form, without
 * the list's columns and filters (the page draws its own details, and need not load the list's).
 */
export const videoRecordScreen: ResourceScreen<VideoRecord, VideoFormValues> = {
  api: videoApi,
  labels: VIDEO_LABELS,
  recordTitle: (v) => v.title,
  columns: [],
  form: videoForm,
};
