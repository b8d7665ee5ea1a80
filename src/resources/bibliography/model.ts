import { listSearchSchema } from '../../components/resource/list-search';
import { BIBLIOGRAPHY_SORTS } from '../../contract/values';
import type { Bibliography } from './schema';

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

export function toBibliographyFormValues(b?: Bibliography): BibliographyFormValues {
  return {
    title: b?.title ?? '',
    author: b?.author ?? '',
    publisher: b?.publisher ?? '',
    year: b?.year ?? '',
    isbn: b?.isbn ?? '',
    notes: b?.notes ?? '',
  };
}
