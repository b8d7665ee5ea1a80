import { formValuesFrom } from '../../components/resource/form/form-values';
import { listSearchSchema } from '../../components/resource/list/list-search';
import { BIBLIOGRAPHY_SORTS } from './spec';

export const BIBLIOGRAPHY_FILTERS = [] as const;

/** /web/bibliography?pageNum&pageSize&keyword&sort&order */
export const bibliographySearchSchema = listSearchSchema(BIBLIOGRAPHY_SORTS, {});

export const toBibliographyFormValues = formValuesFrom({
  title: '',
  author: '',
  publisher: '',
  year: '' as number | string,
  isbn: '',
  notes: '',
});
export type BibliographyFormValues = ReturnType<typeof toBibliographyFormValues>;
