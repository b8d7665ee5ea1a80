/** Migration 0019-reminders: the day each daily job last ran. */
export interface JobScheduleTable {
  /** The queue, e.g. `reminder.daily`. */
  name: string;
  /** YYYY-MM-DD (UTC) of the last run; null before the first. */
  last_day: string | null;
  last_run_at: string | null;
}
