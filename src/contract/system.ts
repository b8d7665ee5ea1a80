/** GET /system/info: the home page's summary cards. */
export interface SystemInfo {
  version: string;
  uptimeSeconds: number;
  database: 'sqlite' | 'postgres';
  /**
   * Record count per noun, keyed as src/resources/specs.ts keys them ('book', 'subclass', 'staff',
   * …): every noun with records; `about` counts About us' site links (each noun's `figures`).
   */
  counts: Record<string, number>;
}

/** GET /system/vod-resource: the video library's size (the video noun's `figures.library`). */
export interface VodResource {
  count: number;
  totalBytes: number;
  byStatus: { uploading: number; normal: number; failed: number };
}

/**
 * GET /system/data/list?days=N (1..365, default 30): one entry per day, oldest first, zero-filled;
 * each series is the records a noun created that day (its `figures.series`: readers, applications, videos).
 */
export interface DataPoint {
  /** YYYY-MM-DD (UTC). */
  date: string;
  newUsers: number;
  applies: number;
  uploads: number;
}
export const DATA_DAYS_DEFAULT = 30;
export const DATA_DAYS_MAX = 365;
