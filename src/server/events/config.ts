/** Timings of the stream (AppConfig.events); tests shorten them. */
export interface EventsConfig {
  /** A comment line this often keeps proxies and the browser from timing the stream out. */
  heartbeatMs: number;
  /** The session behind a stream is checked this often; ended or idle too long: the stream closes. */
  sessionCheckMs: number;
}

export const defaultEventsConfig: EventsConfig = { heartbeatMs: 25_000, sessionCheckMs: 15_000 };
