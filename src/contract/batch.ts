import { z } from 'zod';
import { requiredRef, versionField } from './common';
import { because } from './field-codes';
import { BATCH_MAX_ROWS } from './import';

/**
 * `POST /{r}/batch`: either `ids` (each with the version the client saw) or `filter` (the list's
 * page filters and keyword: every matching record), and `set`, the fields to give them all.
 * `expected` (filter mode): the count the user confirmed; a different count now is 409.
 */
export function batchRequest<S extends z.ZodType>(set: S) {
  return z
    .strictObject({
      ids: z
        .array(z.strictObject({ id: requiredRef, version: versionField }), { error: 'must be a list' })
        .min(1, 'required')
        .max(BATCH_MAX_ROWS, `at most ${BATCH_MAX_ROWS}`)
        .optional(),
      filter: z.record(z.string(), z.unknown()).optional(),
      set,
      dryRun: z.boolean({ error: 'must be true or false' }).optional(),
      expected: z
        .number({ error: 'must be a number' })
        .int('must be an integer')
        .min(0, 'must be 0 or more')
        .optional(),
    })
    .refine((b) => (b.ids === undefined) !== (b.filter === undefined), {
      ...because('batch_target', 'send either ids or filter'),
      path: ['ids'],
    });
}

/** At least one field: an empty `set` changes nothing and is a client mistake. */
export const nonEmpty = (o: object) => Object.values(o).some((v) => v !== undefined);
