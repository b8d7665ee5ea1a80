import type { Kysely, Migration } from 'kysely';

/**
 * The local video service. Everything an instance needs to answer a request lives here
 * (credentials, media, multipart uploads and their parts, completed objects, reported progress), so
 * instances stay stateless; only the bytes are files under LECTERN_DATA/oss.
 * Times are ISO-8601 UTC text like the rest of the schema; sizes are bigint.
 */
export const vod: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('vod_credential')
      .addColumn('access_key_id', 'text', (c) => c.primaryKey())
      // Kept in clear: verifying an HMAC needs the key. Random, short-lived, scoped.
      .addColumn('access_key_secret', 'text', (c) => c.notNull())
      .addColumn('security_token_hash', 'text', (c) => c.notNull())
      .addColumn('staff_id', 'integer', (c) => c.notNull())
      .addColumn('purpose', 'text', (c) => c.notNull())
      .addColumn('bucket', 'text')
      .addColumn('object_key', 'text')
      .addColumn('expires_at', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('vod_credential_expires_at_idx').on('vod_credential').column('expires_at').execute();

    await db.schema
      .createTable('vod_nonce')
      .addColumn('nonce', 'text', (c) => c.primaryKey())
      .addColumn('expires_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('vod_nonce_expires_at_idx').on('vod_nonce').column('expires_at').execute();

    await db.schema
      .createTable('vod_media')
      .addColumn('media_id', 'text', (c) => c.primaryKey())
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('bucket', 'text', (c) => c.notNull())
      .addColumn('object_key', 'text', (c) => c.notNull())
      .addColumn('staff_id', 'integer', (c) => c.notNull())
      .addColumn('user_data', 'text')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('vod_media_bucket_object_key_uq')
      .on('vod_media')
      .columns(['bucket', 'object_key'])
      .unique()
      .execute();

    await db.schema
      .createTable('oss_upload')
      .addColumn('upload_id', 'text', (c) => c.primaryKey())
      .addColumn('bucket', 'text', (c) => c.notNull())
      .addColumn('object_key', 'text', (c) => c.notNull())
      .addColumn('content_type', 'text', (c) => c.notNull())
      .addColumn('state', 'text', (c) => c.notNull())
      .addColumn('staff_id', 'integer', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();

    await db.schema
      .createTable('oss_part')
      .addColumn('upload_id', 'text', (c) => c.notNull())
      .addColumn('part_number', 'integer', (c) => c.notNull())
      .addColumn('etag', 'text', (c) => c.notNull())
      .addColumn('size', 'bigint', (c) => c.notNull())
      /** File name under the upload's folder: one per attempt, so racing retries never mix. */
      .addColumn('file', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('oss_part_pk', ['upload_id', 'part_number'])
      .execute();

    await db.schema
      .createTable('oss_object')
      .addColumn('bucket', 'text', (c) => c.notNull())
      .addColumn('object_key', 'text', (c) => c.notNull())
      .addColumn('size', 'bigint', (c) => c.notNull())
      .addColumn('etag', 'text', (c) => c.notNull())
      .addColumn('content_type', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('oss_object_pk', ['bucket', 'object_key'])
      .execute();

    await db.schema
      .createTable('vod_upload_progress')
      .addColumn('user_id', 'text', (c) => c.notNull())
      .addColumn('file_hash', 'text', (c) => c.notNull())
      .addColumn('file_name', 'text', (c) => c.notNull())
      .addColumn('file_size', 'bigint', (c) => c.notNull())
      .addColumn('upload_point', 'text', (c) => c.notNull())
      .addColumn('video_id', 'text')
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('vod_upload_progress_pk', ['user_id', 'file_hash'])
      .execute();
  },
  async down(db: Kysely<unknown>) {
    for (const t of [
      'vod_upload_progress',
      'oss_object',
      'oss_part',
      'oss_upload',
      'vod_media',
      'vod_nonce',
      'vod_credential',
    ]) {
      await db.schema.dropTable(t).execute();
    }
  },
};
