/** Upload constants of docs/product.md §9 and the pure arithmetic around them. */
export const DEFAULT_PART_SIZE = 1048576;
export const MAX_PARTS = 10000;
export const PARALLEL = 5;
export const DEFAULT_REGION = 'cn-shanghai';
export const MAX_RETRIES = 3;
export const RETRY_BASE_MS = 2000;
/** ali-oss refuses parts under 100 KiB (and sends smaller files with one PUT). */
export const MIN_PART_SIZE = 100 * 1024;

/**
 * Part size for a file: 1 MiB, grown (rounded up to whole KiB) when the file would need more than
 * 10000 parts. ali-oss would grow it too, but only to an unrounded value and after warning; we decide
 * it once so the checkpoint and the progress arithmetic agree with what is sent.
 */
export function partSize(fileSize: number): number {
  if (fileSize <= DEFAULT_PART_SIZE * MAX_PARTS) return DEFAULT_PART_SIZE;
  return Math.ceil(fileSize / MAX_PARTS / 1024) * 1024;
}

export const partCount = (fileSize: number, size: number): number => Math.ceil(fileSize / size);

/** The checkpoint key of docs/product.md §9. */
export const checkpointKey = (f: { lastModified: number; name: string; size: number }): string =>
  `upload_${f.lastModified}_${f.name}_${f.size}`;

/** Bytes covered by the done parts of a checkpoint (the last part may be short). */
export function loadedFromParts(fileSize: number, size: number, doneParts: readonly { number: number }[]): number {
  const seen = new Set<number>();
  let loaded = 0;
  for (const p of doneParts) {
    if (seen.has(p.number) || p.number < 1) continue;
    seen.add(p.number);
    loaded += Math.max(0, Math.min(size, fileSize - (p.number - 1) * size));
  }
  return loaded;
}

/** Delay before retry `attempt` (1-based): 2 s, 4 s, 8 s; null when the retries are spent. */
export function retryDelay(attempt: number): number | null {
  if (attempt < 1 || attempt > MAX_RETRIES) return null;
  return RETRY_BASE_MS * 2 ** (attempt - 1);
}

export const MAX_TAGS = 10;
export const MAX_TAG_KEY_BYTES = 128;
export const MAX_TAG_VALUE_BYTES = 256;

export type TagProblem =
  | { kind: 'too-many'; max: number }
  | { kind: 'key-too-long'; key: string; max: number }
  | { kind: 'value-too-long'; key: string; max: number };

const bytes = (s: string) => new TextEncoder().encode(s).length;

/** Object tag limits of docs/product.md §5: at most 10 tags, key ≤ 128 bytes, value ≤ 256 bytes (UTF-8). */
export function checkObjectTags(tags: Readonly<Record<string, string>>): TagProblem | null {
  const entries = Object.entries(tags);
  if (entries.length > MAX_TAGS) return { kind: 'too-many', max: MAX_TAGS };
  for (const [k, v] of entries) {
    if (bytes(k) > MAX_TAG_KEY_BYTES) return { kind: 'key-too-long', key: k, max: MAX_TAG_KEY_BYTES };
    if (bytes(v) > MAX_TAG_VALUE_BYTES) return { kind: 'value-too-long', key: k, max: MAX_TAG_VALUE_BYTES };
  }
  return null;
}

/** The comma-separated Tags of videoInfo as a list (trimmed, empty and repeated ones dropped). */
export function splitTags(tags: string | undefined): string[] {
  return [
    ...new Set(
      (tags ?? '')
        .split(',')
        .map((t) => t.trim())
        .filter(Boolean),
    ),
  ];
}
