import { type Kysely, type Migration, sql } from 'kysely';

/**
 * Video processing (docs/videos.md): what the probe, the snapshots and the HLS renditions found
 * go on the video's record, the statuses become the cloud's (docs/api.md §7), and the durable job
 * queue used on SQLite gets its table (on PostgreSQL pg-boss keeps its own schema; the table is
 * made there too, empty, so both engines have the same tables for backups and the converter).
 */
const STATUS_MAP: [string, string][] = [
  ['uploading', 'Uploading'],
  ['normal', 'Normal'],
  ['failed', 'TranscodeFail'],
];

export const videoProcessing: Migration = {
  async up(db: Kysely<unknown>) {
    const add = (name: string, type: 'integer' | 'text' | 'double precision') =>
      db.schema.alterTable('video').addColumn(name, type).execute();
    await add('duration', 'double precision');
    await add('width', 'integer');
    await add('height', 'integer');
    await add('fail_reason', 'text');
    // JSON arrays and objects as text: read whole, never queried inside.
    await add('snapshots', 'text');
    await add('play_info', 'text');
    await add('media_info', 'text');
    for (const [from, to] of STATUS_MAP) await sql`update video set status = ${to} where status = ${from}`.execute(db);
    // A video failed before processing existed never had its bytes: say so.
    await sql`update video set fail_reason = 'upload_abandoned' where status = 'TranscodeFail'`.execute(db);

    await db.schema
      .createTable('job')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('queue', 'text', (c) => c.notNull())
      .addColumn('data', 'text', (c) => c.notNull())
      // queued → active → done | failed; active with an expired lease is claimed again.
      .addColumn('state', 'text', (c) => c.notNull())
      .addColumn('attempts', 'integer', (c) => c.notNull())
      .addColumn('max_attempts', 'integer', (c) => c.notNull())
      .addColumn('run_at', 'text', (c) => c.notNull())
      .addColumn('lease_until', 'text')
      .addColumn('owner', 'text')
      .addColumn('last_error', 'text')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('job_queue_state_run_at_idx').on('job').columns(['queue', 'state', 'run_at']).execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('job').execute();
    for (const [from, to] of STATUS_MAP) await sql`update video set status = ${from} where status = ${to}`.execute(db);
    await sql`update video set status = 'uploading' where status in ('UploadSucc', 'Transcoding')`.execute(db);
    for (const name of ['media_info', 'play_info', 'snapshots', 'fail_reason', 'height', 'width', 'duration'])
      await db.schema.alterTable('video').dropColumn(name).execute();
  },
};
