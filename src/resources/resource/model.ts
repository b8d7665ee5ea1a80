import { msg } from '@lingui/core/macro';
import { formValuesFrom } from '../../components/resource/form/form-values';
import { searchSchemaOf } from '../../components/resource/list/spec-search';
import type { Option } from '../../components/resource/types';
import type { ResourceType } from './schema';
import { resourceSpec } from './spec';

export const RESOURCE_TYPE_OPTIONS: Option<ResourceType>[] = [
  { value: 'ebook', label: msg`E-book`, color: 'blue' },
  { value: 'audio', label: msg`Audio`, color: 'grape' },
  { value: 'video', label: msg`Video`, color: 'red' },
  { value: 'document', label: msg`Document`, color: 'teal' },
  { value: 'link', label: msg`Link`, color: 'gray' },
];

/** /web/resource?pageNum&pageSize&keyword&sort&order&type&categoryId */
export const resourceSearchSchema = searchSchemaOf(resourceSpec);

export const toResourceFormValues = formValuesFrom({
  title: '',
  type: null as ResourceType | null,
  url: '',
  description: '',
  categoryId: null as number | null,
});
export type ResourceFormValues = ReturnType<typeof toResourceFormValues>;
