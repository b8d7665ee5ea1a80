import { useNavigate } from '@tanstack/react-router';
import { Suspense, useState } from 'react';
import { ResourceFormModal } from '../../components/resource/form/lazy-form-modal';
import { toBookFormValues } from '../../resources/book/model';
import { bookScreen } from '../../resources/book/resource';
import { bookByIsbn } from './api';
import { ScanButton, useIsbnScan } from './scan-button';

const bookForm = bookScreen.form;

/**
 * Books' Scan: the book with the ISBN read opens on its record page; an ISBN the catalogue does
 * not have opens New book with it filled in. A USB scanner's ISBN and Enter in the search box does
 * the same.
 */
export function BookScan() {
  const navigate = useNavigate();
  const [creating, setCreating] = useState<string>();
  const scan = useIsbnScan(async (isbn) => {
    const book = await bookByIsbn(isbn);
    if (book) await navigate({ to: '/web/book/$id', params: { id: String(book.id) } });
    else setCreating(isbn);
  });

  return (
    <>
      <ScanButton {...scan} />
      {creating && bookForm && (
        <Suspense fallback={null}>
          <ResourceFormModal
            resource={{ ...bookScreen, form: bookForm }}
            resume={{ values: { ...toBookFormValues(), isbn: creating } }}
            findLatest={async () => undefined}
            onClosed={() => setCreating(undefined)}
          />
        </Suspense>
      )}
    </>
  );
}
