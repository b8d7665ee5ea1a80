import { z } from 'zod';
import type { PresenceInput } from '../../contract/events';

/** A tab's id: letters, digits, '-' and '_' (crypto.randomUUID fits). */
export const clientIdSchema = z
  .string()
  .min(8)
  .max(64)
  .regex(/^[A-Za-z0-9_-]+$/);

export const presenceSchema: z.ZodType<PresenceInput> = z.strictObject({
  resource: z
    .string()
    .min(1)
    .max(50)
    .regex(/^[a-z]+(\/[a-z]+)?$/),
  id: z.number().int().positive(),
  clientId: clientIdSchema,
  editing: z.boolean(),
});
