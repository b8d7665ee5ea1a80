import type { BatchDef } from '../../../server/crud/batch';
import type { ImportDef } from '../../../server/crud/import';
import { readerBatchSetSchema } from '../schema';

/** Readers from CSV: the export's columns; the phone number is unique, within the file too. */
export const readerImporter: ImportDef = {
  columns: ['nickName', 'phone', 'email', 'gender', 'status', 'avatarUrl'],
  ignored: ['id', 'version', 'createdAt', 'updatedAt'],
  required: ['nickName', 'phone', 'status'],
  toInput: (cells) => ({
    nickName: cells.nickName,
    phone: cells.phone,
    email: cells.email,
    gender: cells.gender?.trim(),
    status: cells.status?.trim(),
    avatarUrl: cells.avatarUrl?.trim(),
  }),
};

export const readerBatch: BatchDef = { set: readerBatchSetSchema };
