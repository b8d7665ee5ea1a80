import { formValuesFrom } from '../../components/resource/form-values';
import { listSearchSchema } from '../../components/resource/list-search';
import { BIBLIOGRAPHY_SORTS } from '../../contract/values';

export const BIBLIOGRAPHY_FILTERS = [] as const;

/** /web/bibliography?pageNum&pageSize&keyword&sort&order */
export const bibliographySearchSchema = listSearchSchema(BIBLIOGRAPHY_SORTS, {});
export type BibliographySearch = ReturnType<typeof bibliographySearchSchema>;

export type BibliographyFormValues = {
  title: string;
  author: string;
  publisher: string;
  year: number | string;
  isbn: string;
  notes: string;
};

export const toBibliographyFormValues = formValuesFrom<BibliographyFormValues>({
  title: '',
  author: '',
  publisher: '',
  year: '',
  isbn: '',
  notes: '',
});
