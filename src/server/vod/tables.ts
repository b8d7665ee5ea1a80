import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';

/**
 * Table types of migration 0005-vod. Kept here (not in db/schema.ts) because the video service owns
 * them; `vodDb` widens the app's Kysely instance with them.
 */
export interface VodCredentialTable {
  access_key_id: string;
  access_key_secret: string;
  /** sha256 hex of the security token. */
  security_token_hash: string;
  staff_id: number;
  /** 'rpc': the console's VOD credential; 'oss': an UploadAuth for one object. */
  purpose: 'rpc' | 'oss';
  bucket: string | null;
  object_key: string | null;
  expires_at: string;
  created_at: string;
}

export interface VodNonceTable {
  nonce: string;
  expires_at: string;
}

export interface VodMediaTable {
  /** VideoId or ImageId: 32 hex characters. */
  media_id: string;
  kind: 'video' | 'image';
  bucket: string;
  object_key: string;
  staff_id: number;
  user_data: string | null;
  created_at: string;
}

export interface OssUploadTable {
  upload_id: string;
  bucket: string;
  object_key: string;
  content_type: string;
  /** 'open', or 'completing' while one CompleteMultipartUpload assembles the object. */
  state: 'open' | 'completing';
  staff_id: number;
  created_at: string;
}

export interface OssPartTable {
  upload_id: string;
  part_number: number;
  /** Quoted upper-case MD5 hex, as sent in the ETag header. */
  etag: string;
  size: number | string;
  file: string;
  updated_at: string;
}

export interface OssObjectTable {
  bucket: string;
  object_key: string;
  size: number | string;
  etag: string;
  content_type: string;
  updated_at: string;
}

export interface VodUploadProgressTable {
  user_id: string;
  file_hash: string;
  file_name: string;
  file_size: number | string;
  upload_point: string;
  video_id: string | null;
  updated_at: string;
}

// A type alias, not an interface: withTables<T> wants an index-signature-compatible record.
export type VodTables = {
  vod_credential: VodCredentialTable;
  vod_nonce: VodNonceTable;
  vod_media: VodMediaTable;
  oss_upload: OssUploadTable;
  oss_part: OssPartTable;
  oss_object: OssObjectTable;
  vod_upload_progress: VodUploadProgressTable;
};

export type VodDb = Kysely<Database & VodTables>;

export const vodDb = (db: Kysely<Database>): VodDb => db.withTables<VodTables>();
