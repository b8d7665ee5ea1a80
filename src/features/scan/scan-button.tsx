import { useLingui } from '@lingui/react/macro';
import { Button } from '@mantine/core';
import { IconBarcode } from '@tabler/icons-react';
import { Suspense, useState } from 'react';
import { useKeywordEnter } from '../../components/resource/list/keyword-enter';
import { lazy } from '../../lib/lazy';
import { isbnFromEan13, isbnFromTyped } from './isbn';

// The dialog, the camera and the barcode reader load when Scan is first pressed, not with the list.
const ScannerModal = lazy(() => import('./scanner-modal'));

/**
 * A screen's Scan (Books, Applications): `find` looks up an ISBN the camera read, or one a USB
 * scanner typed into the list's search box followed by Enter (anything else there is searched as
 * usual). The button shows it busy meanwhile; a failure was told by the http client. Here, not in
 * a module of its own, so it stays in the chunk the lists load with the button (scripts/chunks.ts).
 */
export function useIsbnScan(find: (isbn: string) => Promise<void>): Props {
  const [busy, setBusy] = useState(false);
  const look = async (isbn: string) => {
    setBusy(true);
    try {
      await find(isbn);
    } catch {
      // The http client has told the user (offline, refused).
    } finally {
      setBusy(false);
    }
  };
  useKeywordEnter((text) => {
    const isbn = isbnFromTyped(text);
    if (isbn) void look(isbn);
    return isbn !== undefined;
  });
  return { onIsbn: (isbn) => void look(isbn), busy };
}

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
