import type { BatchDef } from '../../../server/crud/batch';
import { messageBatchSetSchema } from '../schema';

/** Messages: mark read or unread; a replied message keeps "replied" (online.ts toColumns). */
export const messageBatch: BatchDef = { set: messageBatchSetSchema };
