import { z } from 'zod';
import { requiredText } from './common';
import { because } from './field-codes';

/**
 * Saved list views (docs/api-additions.md, "Views"): per signed-in member and per list, the visible
 * columns in their order, column widths, the row density and the list's URL search (filters, sort,
 * page size). Shared by the console and the server.
 */
export const DENSITIES = ['compact', 'comfortable', 'spacious'] as const;
export type Density = (typeof DENSITIES)[number];

/** A list's key: its noun, as src/resources/specs.ts keys it ("book", "application"), not its API path. */
const listKey = z
  .string({ error: 'required' })
  .refine((s) => /^[a-z]{1,40}$/.test(s), because('invalid', 'must be a list name (a noun: lowercase letters)'));
const columnKey = z
  .string()
  .refine((s) => /^[A-Za-z][A-Za-z0-9_-]{0,39}$/.test(s), because('invalid', 'must be a column key'));
/** A URL search value as the list keeps it (filters are strings, numbers or yes/no). */
const searchValue = z.union([z.string().max(200, 'at most 200 characters'), z.number(), z.boolean()]);

export const listViewInputSchema = z.strictObject({
  list: listKey,
  name: requiredText(1, 60),
  /** Visible columns in order; null: the list's own columns and order. */
  columns: z.array(columnKey).max(40, 'at most 40 columns').nullable().default(null),
  /** Widths in CSS pixels by column key. */
  widths: z.record(columnKey, z.number().int().min(24).max(2000)).default({}),
  density: z.enum(DENSITIES).default('comfortable'),
  /** The list's URL search without the page number (a view opens on page 1). */
  search: z
    .record(
      z.string().refine((s) => /^[A-Za-z][A-Za-z0-9_]{0,39}$/.test(s), because('invalid', 'must be a search key')),
      searchValue,
    )
    .refine((s) => Object.keys(s).length <= 30, because('max_items', 'at most 30 search keys', { max: 30 }))
    .default({}),
  /** The view applied when the list opens without a search in its URL; at most one per list. */
  isDefault: z.boolean().default(false),
});
export type ListViewInput = z.input<typeof listViewInputSchema>;

export const listViewUpdateSchema = listViewInputSchema.extend({
  id: z.number().int().positive(),
  version: z.number().int().nonnegative(),
});
export type ListViewUpdate = z.input<typeof listViewUpdateSchema>;

export const listViewQuerySchema = z.object({ list: listKey });

export interface ListView {
  id: number;
  list: string;
  name: string;
  columns: string[] | null;
  widths: Record<string, number>;
  density: Density;
  search: Record<string, string | number | boolean>;
  isDefault: boolean;
  version: number;
  createdAt: string;
  updatedAt: string;
}
