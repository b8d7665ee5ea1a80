/** GET /system/info: the home page's summary cards. */
export interface SystemInfo {
  version: string;
  uptimeSeconds: number;
  database: 'sqlite' | 'postgres';
  /** Record count per resource, keyed by resource path ('book', 'category/subclass', 'user', …). */
  counts: Record<string, number>;
}

/** GET /system/vod-resource: the video library's size. */
export interface VodResource {
  count: number;
  totalBytes: number;
  byStatus: { uploading: number; normal: number; failed: number };
}

/** GET /system/data/list?days=N (1..365, default 30): one entry per day, oldest first, zero-filled. */
export interface DataPoint {
  /** YYYY-MM-DD (UTC). */
  date: string;
  newUsers: number;
  applies: number;
  uploads: number;
}
export const DATA_DAYS_DEFAULT = 30;
export const DATA_DAYS_MAX = 365;
