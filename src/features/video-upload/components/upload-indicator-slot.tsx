import { Suspense, useEffect } from 'react';
import { useSnapshot } from 'valtio';
import { lazy } from '../../../lib/lazy';
import { followOtherWindows, startIfInterrupted, uploadPresence } from '../upload-presence';

// The indicator (with the upload store and client) loads once the tab runs the upload worker.
const UploadIndicator = lazy(() => import('./upload-indicator').then((m) => ({ default: m.UploadIndicator })));

/**
 * The navbar's place for the upload indicator. It does not start the upload worker (the largest
 * script of the console) for everyone: only when IndexedDB holds an interrupted upload (the upload
 * panel starts it too), or when another window of the console broadcasts an upload.
 */
export function UploadIndicatorSlot() {
  const { started } = useSnapshot(uploadPresence);
  useEffect(() => {
    void startIfInterrupted();
    followOtherWindows();
  }, []);
  return started ? (
    <Suspense fallback={null}>
      <UploadIndicator />
    </Suspense>
  ) : null;
}
