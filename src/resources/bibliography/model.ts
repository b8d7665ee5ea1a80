import { formValuesFrom } from '../../components/resource/form/form-values';
import { searchSchemaOf } from '../../components/resource/list/spec-search';
import { bibliographySpec } from './spec';

export const BIBLIOGRAPHY_FILTERS = [] as const;

/** /web/bibliography?pageNum&pageSize&keyword&sort&order */
export const bibliographySearchSchema = searchSchemaOf(bibliographySpec);

export const toBibliographyFormValues = formValuesFrom({
  title: '',
  author: '',
  publisher: '',
  year: '' as number | string,
  isbn: '',
  notes: '',
});
export type BibliographyFormValues = ReturnType<typeof toBibliographyFormValues>;
