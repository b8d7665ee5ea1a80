import { z } from 'zod';

/**
 * A whole number from an environment variable, within bounds; the messages name the bound, so a
 * bad setting fails at start with what to write instead. Shared by every env schema of the server.
 */
export const envInt = (min: number, max: number) =>
  z
    .string()
    .trim()
    .regex(/^\d+$/, 'must be a whole number')
    .transform(Number)
    .pipe(z.number().min(min, `must be at least ${min}`).max(max, `must be at most ${max}`));
