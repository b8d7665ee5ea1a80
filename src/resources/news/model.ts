import { msg } from '@lingui/core/macro';
import { formValuesFrom } from '../../components/resource/form/form-values';
import { searchSchemaOf } from '../../components/resource/list/spec-search';
import type { Option } from '../../components/resource/types';
import type { NewsStatus } from './schema';
import { newsSpec } from './spec';

export const NEWS_STATUS_OPTIONS: Option<NewsStatus>[] = [
  { value: 'draft', label: msg`Draft`, color: 'gray' },
  { value: 'published', label: msg`Published`, color: 'green' },
];

/** /web/news?pageNum&pageSize&keyword&sort&order&status */
export const newsSearchSchema = searchSchemaOf(newsSpec);

export const toNewsFormValues = formValuesFrom({
  title: '',
  summary: '',
  content: '',
  coverUrl: '',
  status: 'draft' as NewsStatus,
  /**
   * Not a field on the form, but sent back as it was: the server keeps the first publication time
   * only while the update carries it (or sets it when the news is first published).
   */
  publishedAt: '',
});
export type NewsFormValues = ReturnType<typeof toNewsFormValues>;

/**
 * What the editor hands the form: its HTML, or '' when the document has no text (an empty
 * paragraph is "<p></p>", which must fail `required` rather than be saved as news).
 */
export function editorValue(html: string, isEmpty: boolean): string {
  return isEmpty ? '' : html;
}
