import { z } from 'zod';
import { pageRequest, type RecordMeta, requiredRef, requiredText, versionField } from '../../contract/common';
import { pageFilters } from '../../contract/spec-schema';
import { SUBCLASS_SORTS } from '../../contract/values';
import { subclassSpec } from './spec';

export type { SubclassOption } from '../../contract/options';
export { SUBCLASS_SORTS };

const subclassFields = {
  categoryId: requiredRef,
  name: requiredText(1, 50),
  sort: z.number({ error: 'must be a number' }).int('must be an integer').min(0).max(1_000_000).default(0),
};
export const subclassCreateSchema = z.strictObject(subclassFields);
export const subclassUpdateSchema = z.strictObject({ ...subclassFields, id: requiredRef, version: versionField });
export const subclassPageSchema = pageRequest(SUBCLASS_SORTS, pageFilters(subclassSpec.filters));
export type SubclassInput = z.infer<typeof subclassCreateSchema>;
export type Subclass = RecordMeta & {
  categoryId: number;
  /** Joined for display; ignored when sent back. */
  categoryName?: string | null;
  name: string;
  sort: number;
};
