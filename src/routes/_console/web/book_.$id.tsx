import { msg } from '@lingui/core/macro';
import { createFileRoute } from '@tanstack/react-router';
import { BookRecordPage } from '../../../features/record/components/book-record-page';
import { bookSpec } from '../../../resources/book/spec';
import { recordPageMeta } from '../../-record-route';

/** A book's record page: hidden from the menu, a tab per book, the roles of the Books list. */
export const Route = createFileRoute('/_console/web/book_/$id')({
  staticData: recordPageMeta(msg`Book`, bookSpec, '/web/book'),
  component: BookRecordPage,
});
