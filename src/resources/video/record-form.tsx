import { msg } from '@lingui/core/macro';
import { TagsInput } from '@mantine/core';
import { CategorySelect } from '../../components/pickers/category-select';
import { CategoryName } from '../../components/pickers/record-names';
import type { FormDef } from '../../components/resource/types';
import { MAX_TAGS, splitTags } from '../../upload/limits';
import { toVideoFormValues, type VideoFormValues, type VideoRecord } from './model';

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
      render: ({ inputProps }) => (
        <TagsInput
          {...inputProps}
          value={splitTags(String(inputProps.value ?? ''))}
          maxTags={MAX_TAGS}
          onChange={(tags) => inputProps.onChange(tags.join(','))}
        />
      ),
    },
    { name: 'description', label: msg`Description`, kind: 'textarea' },
  ],
};
