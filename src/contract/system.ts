/** GET /system/info: the home page's summary cards. */
export interface SystemInfo {
  version: string;
  uptimeSeconds: number;
  database: 'sqlite' | 'postgres';
  /** Record count per resource, keyed by resource path ('book', 'category/subclass', 'user', …). */
  counts: Record<string, number>;
}
