import { msg } from '@lingui/core/macro';
import { createFileRoute } from '@tanstack/react-router';
import { ReaderRecordPage } from '../../../features/record/components/reader-record-page';
import { readerSpec } from '../../../resources/reader/spec';

/** A reader's record page: hidden from the menu, a tab per reader, the roles of the Users list. */
export const Route = createFileRoute('/_console/users/user_/$id')({
  staticData: {
    title: msg`Reader`,
    icon: readerSpec.menu.icon,
    roles: readerSpec.roles,
    hidden: true,
    activeMenu: '/users/user',
  },
  component: Page,
});

function Page() {
  const { id } = Route.useParams();
  return <ReaderRecordPage id={Number(id)} />;
}
