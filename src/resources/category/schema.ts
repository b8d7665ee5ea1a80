import { z } from 'zod';
import {
  optionalText,
  pageRequest,
  type RecordMeta,
  requiredRef,
  requiredText,
  versionField,
} from '../../contract/common';
import { CATEGORY_SORTS, SUBCLASS_SORTS } from '../../contract/values';

export { CATEGORY_SORTS, SUBCLASS_SORTS };

const categoryFields = {
  name: requiredText(1, 50),
  sort: z.number({ error: 'must be a number' }).int('must be an integer').min(0).max(1_000_000).default(0),
  description: optionalText(500),
};
export const categoryCreateSchema = z.strictObject(categoryFields);
export const categoryUpdateSchema = z.strictObject({ ...categoryFields, id: requiredRef, version: versionField });
export const categoryPageSchema = pageRequest(CATEGORY_SORTS, {});
export type CategoryInput = z.infer<typeof categoryCreateSchema>;
export type Category = RecordMeta & { name: string; sort: number; description?: string | null };

const subclassFields = {
  categoryId: requiredRef,
  name: requiredText(1, 50),
  sort: z.number({ error: 'must be a number' }).int('must be an integer').min(0).max(1_000_000).default(0),
};
export const subclassCreateSchema = z.strictObject(subclassFields);
export const subclassUpdateSchema = z.strictObject({ ...subclassFields, id: requiredRef, version: versionField });
export const subclassPageSchema = pageRequest(SUBCLASS_SORTS, {
  categoryId: requiredRef.optional(),
});
export type SubclassInput = z.infer<typeof subclassCreateSchema>;
export type Subclass = RecordMeta & {
  categoryId: number;
  /** Joined for display; ignored when sent back. */
  categoryName?: string | null;
  name: string;
  sort: number;
};

/** GET /category/list and /category/subclass/list items (pickers). */
export interface CategoryOption {
  id: number;
  name: string;
}
export interface SubclassOption {
  id: number;
  categoryId: number;
  name: string;
}
