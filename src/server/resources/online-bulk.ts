import { onlineBatchSetSchema } from '../../contract/batch';
import type { BatchDef } from './batch';

/** Messages: mark read or unread; a replied message keeps "replied" (online.ts toColumns). */
export const onlineBatch: BatchDef = { set: onlineBatchSetSchema };
