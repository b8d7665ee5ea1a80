import { RecordView } from '../../../components/resource/record-view';
import { readerResource } from '../../../resources/reader/resource';
import { RecordApplications } from './record-applications';
import { RecordHistory } from './record-history';

/**
 * /users/user/$id: one reader, their borrow applications and their history. (Messages carry a
 * free-text reader name, not a reader id, so they are not listed here.)
 */
export function ReaderRecordPage({ id }: { id: number }) {
  return (
    <RecordView resource={readerResource} id={id}>
      {() => (
        <>
          <RecordApplications by={{ userId: id }} />
          <RecordHistory resource="users" recordId={id} />
        </>
      )}
    </RecordView>
  );
}
