import { Group } from '@mantine/core';
import { Suspense, useState } from 'react';
import { lazy } from '../../lib/lazy';
import type { Transition } from '../../resources/application/model';
import type { Application } from '../../resources/application/schema';
import type { Book } from '../../resources/book/schema';
import { bookByIsbn } from './api';
import { ScanButton, useIsbnScan } from './scan-button';

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
  const [scanned, setScanned] = useState<Scanned>();
  const [picked, setPicked] = useState<{ row: Application; transition: Transition }>();
  const scan = useIsbnScan(async (isbn) => setScanned({ isbn, book: await bookByIsbn(isbn) }));

  return (
    <Group justify="flex-end" mb="sm">
      <ScanButton {...scan} />
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
