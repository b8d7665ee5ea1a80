import { useParams } from '@tanstack/react-router';
import { RecordView } from '../../../components/resource/form/record-view';
import { readerScreen } from '../../../resources/reader/resource';
import { useRecordTab } from '../use-record-tab';
import { RecordApplications } from './record-applications';
import { RecordHistory } from './record-history';
import { RecordMessages } from './record-messages';

/**
 * /users/user/$id: one reader, their borrow applications, their messages and their history.
 */
export function ReaderRecordPage() {
  const id = Number(useParams({ from: '/_console/users/user_/$id' }).id);
  useRecordTab(readerScreen, id);
  return (
    <RecordView resource={readerScreen} id={id}>
      {() => (
        <>
          <RecordApplications by={{ userId: id }} />
          <RecordMessages readerId={id} />
          <RecordHistory resource="reader" recordId={id} />
        </>
      )}
    </RecordView>
  );
}
