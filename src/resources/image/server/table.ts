import type { Generated } from 'kysely';
import type { Versioned } from '../../../server/db/versioned';

export interface ImageTable extends Versioned {
  id: Generated<number>;
  /** The uploader's file name, for display only. */
  file_name: string;
  /** `<random hex>.<ext>` under LECTERN_DATA/files/images; unique and unguessable. */
  stored_name: string;
  size: number;
  mime: string;
  /** As shown (orientation applied); null for images stored before dimensions were kept. */
  width: number | null;
  height: number | null;
  uploaded_by: string;
  uploaded_by_id: number | null;
}
