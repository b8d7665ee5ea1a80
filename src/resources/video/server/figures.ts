import type { Kysely } from 'kysely';
import type { VodResource } from '../../../contract/system';
import type { Database } from '../../../server/db/schema';

/** `/system/vod-resource`: the library's videos, bytes, and Home's three groups of their statuses. */
export async function library(db: Kysely<Database>): Promise<VodResource> {
  const rows = await db
    .selectFrom('video')
    .select((eb) => ['status', eb.fn.countAll().as('n'), eb.fn.sum('file_size').as('bytes')])
    .groupBy('status')
    .execute();
  const out: VodResource = { count: 0, totalBytes: 0, byStatus: { uploading: 0, normal: 0, failed: 0 } };
  for (const r of rows) {
    const n = Number(r.n);
    out.count += n;
    out.totalBytes += Number(r.bytes ?? 0);
    // Playable, failed, and on their way (uploading, uploaded, transcoding).
    const group = r.status === 'Normal' ? 'normal' : r.status === 'TranscodeFail' ? 'failed' : 'uploading';
    out.byStatus[group] += n;
  }
  return out;
}
