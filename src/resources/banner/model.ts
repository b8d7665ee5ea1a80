import { msg } from '@lingui/core/macro';
import { formValuesFrom } from '../../components/resource/form/form-values';
import { searchSchemaOf } from '../../components/resource/list/spec-search';
import type { Option } from '../../components/resource/types';
import { bannerSpec } from './spec';

/** Shown and filtered as "Enabled" / "Disabled"; the URL and the page body hold a boolean. */
export const BANNER_ENABLED_OPTIONS: Option[] = [
  { value: 'true', label: msg`Enabled`, color: 'green' },
  { value: 'false', label: msg`Disabled`, color: 'gray' },
];

/** /web/banner?pageNum&pageSize&keyword&sort&order&enabled */
export const bannerSearchSchema = searchSchemaOf(bannerSpec);

export const toBannerFormValues = formValuesFrom({
  title: '',
  imageUrl: '',
  linkUrl: '',
  sort: 0 as number | string,
  enabled: true,
});
export type BannerFormValues = ReturnType<typeof toBannerFormValues>;
