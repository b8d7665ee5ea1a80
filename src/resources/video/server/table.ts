import type { Generated } from 'kysely';
import type { Versioned } from '../../../server/db/versioned';

export interface VideoTable extends Versioned {
  id: Generated<number>;
  title: string;
  description: string | null;
  cate_id: number | null;
  tags: string | null;
  cover_url: string | null;
  video_id: string;
  file_name: string;
  file_size: number;
  status: string;
  /** Migration 0012: what processing found (seconds, pixels), why it failed, JSON of its outputs. */
  duration: number | null;
  width: number | null;
  height: number | null;
  fail_reason: string | null;
  snapshots: string | null;
  play_info: string | null;
  media_info: string | null;
}
