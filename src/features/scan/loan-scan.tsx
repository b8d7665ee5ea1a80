import { Group } from '@mantine/core';
import { Suspense, useState } from 'react';
import { useKeywordEnter } from '../../components/resource/list/keyword-enter';
import { lazy } from '../../lib/lazy';
import type { Transition } from '../../resources/application/model';
import type { Application } from '../../resources/application/schema';
import type { Book } from '../../resources/book/schema';
import { bookByIsbn } from './api';
import { isbnFromTyped } from './isbn';
import { ScanButton } from './scan-button';

// What a scan opens loads with it: the book's loans, then the status change's own dialog.
const LoansDialog = lazy(() => import('./loans-dialog'));
const TransitionModal = lazy(() =>
  import('../../resources/application/components/transition-modal').then((m) => ({ default: m.TransitionModal })),
);

/** The book a scan found (null: none has that ISBN). */
export interface Scanned {
  isbn: string;
  book: Book | null;
}

/**
 * Applications' Scan: the book read is looked up and its open loans listed, each with Mark
 * returned (the same dialog as the row's). A USB scanner's ISBN and Enter in the search box does
 * the same.
 */
export function LoanScan() {
  const [busy, setBusy] = useState(false);
  const [scanned, setScanned] = useState<Scanned>();
  const [picked, setPicked] = useState<{ row: Application; transition: Transition }>();

  const find = async (isbn: string) => {
    setBusy(true);
    try {
      setScanned({ isbn, book: await bookByIsbn(isbn) });
    } catch {
      // The http client has told the user (offline, refused).
    } finally {
      setBusy(false);
    }
  };
  useKeywordEnter((text) => {
    const isbn = isbnFromTyped(text);
    if (isbn) void find(isbn);
    return isbn !== undefined;
  });

  return (
    <Group justify="flex-end" mb="sm">
      <ScanButton onIsbn={(isbn) => void find(isbn)} busy={busy} />
      {scanned && (
        <Suspense fallback={null}>
          <LoansDialog
            scanned={scanned}
            onClose={() => setScanned(undefined)}
            onPick={(row, transition) => {
              setScanned(undefined);
              setPicked({ row, transition });
            }}
          />
        </Suspense>
      )}
      {picked && (
        <Suspense fallback={null}>
          <TransitionModal {...picked} onClose={() => setPicked(undefined)} />
        </Suspense>
      )}
    </Group>
  );
}
