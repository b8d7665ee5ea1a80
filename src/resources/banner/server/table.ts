import type { Generated } from 'kysely';
import type { Versioned } from '../../../server/db/versioned';

export interface BannerTable extends Versioned {
  id: Generated<number>;
  title: string;
  image_url: string;
  link_url: string | null;
  sort: number;
  /** 0/1. */
  enabled: number;
}
