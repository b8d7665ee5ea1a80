import { useLingui } from '@lingui/react/macro';
import { Button } from '@mantine/core';
import { IconBarcode } from '@tabler/icons-react';
import { Suspense, useState } from 'react';
import { lazy } from '../../lib/lazy';
import { isbnFromEan13 } from './isbn';

// The dialog, the camera and the barcode reader load when Scan is first pressed, not with the list.
const ScannerModal = lazy(() => import('./scanner-modal'));

interface Props {
  onIsbn: (isbn: string) => void;
  /** The ISBN read is being looked up. */
  busy?: boolean;
}

/** Scan: the camera reads a book's barcode; `onIsbn` gets its ISBN-13. */
export function ScanButton({ onIsbn, busy }: Props) {
  const { t } = useLingui();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button
        variant="default"
        leftSection={<IconBarcode size={16} aria-hidden />}
        aria-haspopup="dialog"
        onClick={() => setOpen(true)}
        loading={busy}
        data-testid="scan-open"
      >
        {t({ message: 'Scan', context: "read a book's barcode with the camera" })}
      </Button>
      {open && (
        <Suspense fallback={null}>
          <ScannerModal
            read={isbnFromEan13}
            onClose={() => setOpen(false)}
            onIsbn={(isbn) => {
              setOpen(false);
              onIsbn(isbn);
            }}
          />
        </Suspense>
      )}
    </>
  );
}
