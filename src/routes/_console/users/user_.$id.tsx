import { msg } from '@lingui/core/macro';
import { createFileRoute } from '@tanstack/react-router';
import { ReaderRecordPage } from '../../../features/record/components/reader-record-page';
import { readerSpec } from '../../../resources/reader/spec';
import { recordPageMeta } from '../../-record-route';

/** A reader's record page: hidden from the menu, a tab per reader, the roles of the Readers list. */
export const Route = createFileRoute('/_console/users/user_/$id')({
  staticData: recordPageMeta(msg`Reader`, readerSpec, '/users/user'),
  component: ReaderRecordPage,
});
