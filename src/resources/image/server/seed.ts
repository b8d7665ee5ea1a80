import type { DemoSeed } from '../../../server/db/seed/parts';

/** The demo's generated pictures (book covers, banners) are kept in the library like uploads. */
export const imageSeed: DemoSeed = {
  async keepPicture(trx, p) {
    await trx
      .insertInto('image')
      .values({
        file_name: p.fileName,
        stored_name: p.storedName,
        size: p.size,
        mime: p.mime,
        width: p.width,
        height: p.height,
        uploaded_by: 'Administrator',
        uploaded_by_id: null,
        version: 0,
        created_at: p.at,
        updated_at: p.at,
      })
      .execute();
  },
};
