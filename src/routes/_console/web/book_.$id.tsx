import { msg } from '@lingui/core/macro';
import { createFileRoute } from '@tanstack/react-router';
import { BookRecordPage } from '../../../features/record/components/book-record-page';
import { bookSpec } from '../../../resources/book/spec';

/** A book's record page: hidden from the menu, a tab per book, the roles of the Books list. */
export const Route = createFileRoute('/_console/web/book_/$id')({
  staticData: {
    title: msg`Book`,
    icon: bookSpec.menu.icon,
    roles: bookSpec.roles,
    hidden: true,
    activeMenu: '/web/book',
  },
  component: Page,
});

function Page() {
  const { id } = Route.useParams();
  return <BookRecordPage id={Number(id)} />;
}
