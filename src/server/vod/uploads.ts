import { sql } from 'kysely';
import type { OssUploadTable, VodDb } from './tables';

/** Multipart uploads, their parts and completed objects: the OSS side's state, all in the database. */
export interface Upload {
  uploadId: string;
  bucket: string;
  objectKey: string;
  contentType: string;
  state: OssUploadTable['state'];
}

export interface Part {
  partNumber: number;
  etag: string;
  size: number;
  file: string;
  updatedAt: string;
}

export async function createUpload(db: VodDb, u: Upload, staffId: number, now: Date): Promise<void> {
  await db
    .insertInto('oss_upload')
    .values({
      upload_id: u.uploadId,
      bucket: u.bucket,
      object_key: u.objectKey,
      content_type: u.contentType,
      state: u.state,
      staff_id: staffId,
      created_at: now.toISOString(),
    })
    .execute();
}

/** The open upload of that id for that object, or null (unknown, completed, aborted, or another object). */
export async function findUpload(db: VodDb, uploadId: string, bucket: string, key: string): Promise<Upload | null> {
  const r = await db
    .selectFrom('oss_upload')
    .selectAll()
    .where('upload_id', '=', uploadId)
    .where('bucket', '=', bucket)
    .where('object_key', '=', key)
    .where('state', '=', 'open')
    .executeTakeFirst();
  return r
    ? { uploadId: r.upload_id, bucket: r.bucket, objectKey: r.object_key, contentType: r.content_type, state: r.state }
    : null;
}

/** Claims an open upload for completion; false if another request completed or aborted it first. */
export async function claimUpload(db: VodDb, uploadId: string): Promise<boolean> {
  const r = await db
    .updateTable('oss_upload')
    .set({ state: 'completing' })
    .where('upload_id', '=', uploadId)
    .where('state', '=', 'open')
    .executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}

export async function releaseUpload(db: VodDb, uploadId: string): Promise<void> {
  await db.updateTable('oss_upload').set({ state: 'open' }).where('upload_id', '=', uploadId).execute();
}

export async function deleteUpload(db: VodDb, uploadId: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('oss_part').where('upload_id', '=', uploadId).execute();
    await trx.deleteFrom('oss_upload').where('upload_id', '=', uploadId).execute();
  });
}

/** Records a part; returns the file of the part it replaced (to delete), if any. */
export async function savePart(db: VodDb, uploadId: string, p: Part): Promise<string | null> {
  return db.transaction().execute(async (trx) => {
    const before = await trx
      .selectFrom('oss_part')
      .select('file')
      .where('upload_id', '=', uploadId)
      .where('part_number', '=', p.partNumber)
      .executeTakeFirst();
    const values = { etag: p.etag, size: p.size, file: p.file, updated_at: p.updatedAt };
    await trx
      .insertInto('oss_part')
      .values({ upload_id: uploadId, part_number: p.partNumber, ...values })
      .onConflict((oc) => oc.columns(['upload_id', 'part_number']).doUpdateSet(values))
      .execute();
    return before && before.file !== p.file ? before.file : null;
  });
}

export async function listParts(db: VodDb, uploadId: string, after: number, max: number): Promise<Part[]> {
  const rows = await db
    .selectFrom('oss_part')
    .selectAll()
    .where('upload_id', '=', uploadId)
    .where('part_number', '>', after)
    .orderBy('part_number')
    .limit(max)
    .execute();
  return rows.map((r) => ({
    partNumber: r.part_number,
    etag: r.etag,
    size: Number(r.size),
    file: r.file,
    updatedAt: r.updated_at,
  }));
}

export interface StoredObject {
  size: number;
  etag: string;
  contentType: string;
  updatedAt: string;
}

export async function findObject(db: VodDb, bucket: string, key: string): Promise<StoredObject | null> {
  const r = await db
    .selectFrom('oss_object')
    .selectAll()
    .where('bucket', '=', bucket)
    .where('object_key', '=', key)
    .executeTakeFirst();
  return r ? { size: Number(r.size), etag: r.etag, contentType: r.content_type, updatedAt: r.updated_at } : null;
}

export async function saveObject(db: VodDb, bucket: string, key: string, o: StoredObject): Promise<void> {
  const values = { size: o.size, etag: o.etag, content_type: o.contentType, updated_at: o.updatedAt };
  await db
    .insertInto('oss_object')
    .values({ bucket, object_key: key, ...values })
    .onConflict((oc) => oc.columns(['bucket', 'object_key']).doUpdateSet(values))
    .execute();
}

/** Bytes the bucket holds: its objects and the parts of its open uploads. */
export async function bucketUsage(db: VodDb, bucket: string): Promise<number> {
  const objects = await db
    .selectFrom('oss_object')
    .select(sql<number | string | null>`sum(size)`.as('n'))
    .where('bucket', '=', bucket)
    .executeTakeFirst();
  const parts = await db
    .selectFrom('oss_part')
    .innerJoin('oss_upload', 'oss_upload.upload_id', 'oss_part.upload_id')
    .select(sql<number | string | null>`sum(oss_part.size)`.as('n'))
    .where('oss_upload.bucket', '=', bucket)
    .executeTakeFirst();
  return Number(objects?.n ?? 0) + Number(parts?.n ?? 0);
}
