import type { Kysely, Migration } from 'kysely';

/**
 * An image's width and height as shown (orientation applied), stored at upload, so pickers and
 * lists can reserve its box before it loads. Images stored before are null until uploaded again.
 */
export const imageDimensions: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('image').addColumn('width', 'integer').execute();
    await db.schema.alterTable('image').addColumn('height', 'integer').execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.alterTable('image').dropColumn('height').execute();
    await db.schema.alterTable('image').dropColumn('width').execute();
  },
};
