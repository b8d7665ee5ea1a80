import type { BatchDef } from '../../../server/crud/batch';
import type { ImportDef } from '../../../server/crud/import';
import { csvNumber } from '../../../server/crud/import-csv';
import type { Db } from '../../../server/crud/types';
import type { Book } from '../schema';
import { bookBatchSetSchema } from '../schema';

interface CategoryRefs {
  categories: Set<number>;
  categoryByName: Map<string, number>;
  subclasses: Map<number, number>;
  /** `${categoryId}/${name}` → subclass id: subclass names are unique within their category. */
  subclassByName: Map<string, number>;
}

async function loadCategories(db: Db): Promise<CategoryRefs> {
  const cats = await db.selectFrom('category').select(['id', 'name']).execute();
  const subs = await db.selectFrom('category_subclass').select(['id', 'category_id', 'name']).execute();
  return {
    categories: new Set(cats.map((c) => c.id)),
    categoryByName: new Map(cats.map((c) => [c.name, c.id])),
    subclasses: new Map(subs.map((s) => [s.id, s.category_id])),
    subclassByName: new Map(subs.map((s) => [`${s.category_id}/${s.name}`, s.id])),
  };
}

/** Book's own fields in its order: the columns a book is stored in (server.ts) and an import reads. */
export const BOOK_FIELDS = [
  'title',
  'author',
  'isbn',
  'publisher',
  'publishDate',
  'categoryId',
  'categoryName',
  'subclassId',
  'subclassName',
  'coverUrl',
  'summary',
  'stock',
  'status',
] as const satisfies readonly (keyof Book)[];

/** Fields the database assigns: an import accepts them in the header and ignores them. */
const RECORD_FIELDS = ['id', 'version', 'createdAt', 'updatedAt'] as const;

/** Export columns: every field of Book, in its order. */
export const BOOK_CSV_COLUMNS = ['id', ...BOOK_FIELDS, 'version', 'createdAt', 'updatedAt'];

const isId = (s: string) => /^\d{1,15}$/.test(s);

/**
 * Books from CSV: the export's columns. A category (and subclass) is named by id or by name; when
 * a row has both, the name decides, since ids differ between databases and an export carries the
 * names across. Every reference problem is reported under the contract field (categoryId,
 * subclassId), as the form reports it.
 */
export const bookImporter: ImportDef<CategoryRefs> = {
  columns: BOOK_FIELDS,
  ignored: RECORD_FIELDS,
  required: ['title', 'author', ['categoryId', 'categoryName'], 'stock', 'status'],
  load: loadCategories,
  toInput(cells, refs, fail) {
    const input: Record<string, unknown> = {
      title: cells.title,
      author: cells.author,
      isbn: cells.isbn,
      publisher: cells.publisher,
      publishDate: cells.publishDate?.trim(),
      coverUrl: cells.coverUrl?.trim(),
      summary: cells.summary,
      stock: csvNumber(cells.stock),
      status: cells.status?.trim(),
    };
    const catName = cells.categoryName?.trim() ?? '';
    const catId = cells.categoryId?.trim() ?? '';
    const notFound = (field: string, value: string, what: string) =>
      fail({ field, code: 'not_found', message: `no ${what} "${value}"`, params: { value } });
    let categoryId: number | undefined;
    if (catName !== '' || (catId !== '' && !isId(catId))) {
      const name = catName || catId;
      categoryId = refs.categoryByName.get(name);
      if (categoryId === undefined) notFound('categoryId', name, 'category');
    } else if (catId !== '') {
      categoryId = Number(catId);
      if (!refs.categories.has(categoryId)) notFound('categoryId', catId, 'category');
    }
    input.categoryId = categoryId;

    const subName = cells.subclassName?.trim() ?? '';
    const subId = cells.subclassId?.trim() ?? '';
    if (categoryId === undefined || (subName === '' && subId === '')) return input;
    if (subName !== '' || !isId(subId)) {
      const name = subName || subId;
      const id = refs.subclassByName.get(`${categoryId}/${name}`);
      if (id === undefined) notFound('subclassId', name, 'subclass of this category');
      input.subclassId = id;
    } else {
      const id = Number(subId);
      const parent = refs.subclasses.get(id);
      if (parent === undefined) notFound('subclassId', subId, 'subclass');
      else if (parent !== categoryId) {
        fail({
          field: 'subclassId',
          code: 'wrong_parent',
          message: 'belongs to another category',
          params: { value: subId },
        });
      }
      input.subclassId = id;
    }
    return input;
  },
};

/** Books: status, category and subclass. A new category without a subclass leaves none. */
export const bookBatch: BatchDef = {
  set: bookBatchSetSchema,
  apply(fields, set) {
    if (set.categoryId !== undefined && set.subclassId === undefined) delete fields.subclassId;
  },
};
