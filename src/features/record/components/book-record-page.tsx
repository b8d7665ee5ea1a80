import { useParams } from '@tanstack/react-router';
import { RecordView } from '../../../components/resource/form/record-view';
import { bookScreen } from '../../../resources/book/resource';
import { useRecordTab } from '../use-record-tab';
import { RecordApplications } from './record-applications';
import { RecordHistory, StockHistory } from './record-history';

/** /web/book/$id: one book, its borrow applications, its stock over time and its history. */
export function BookRecordPage() {
  const id = Number(useParams({ from: '/_console/web/book_/$id' }).id);
  useRecordTab(bookScreen, id);
  return (
    <RecordView resource={bookScreen} id={id}>
      {() => (
        <>
          <RecordApplications by={{ bookId: id }} />
          <StockHistory bookId={id} />
          <RecordHistory resource="book" recordId={id} />
        </>
      )}
    </RecordView>
  );
}
