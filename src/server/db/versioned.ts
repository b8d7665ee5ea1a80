/** The columns every editable record has: its optimistic version and its timestamps (ISO-8601 UTC text). */
export interface Versioned {
  version: number;
  created_at: string;
  updated_at: string;
}
