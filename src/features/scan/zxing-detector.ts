import { BarcodeDetector, prepareZXingModule } from 'barcode-detector/ponyfill';
// Our own copy of ZXing's reader: by default the polyfill fetches it from a CDN, which an offline
// or closed network does not reach. `?url` makes it an asset of the build (hashed, ~1 MiB), outside
// the service worker's precache (its globs take no .wasm); the worker keeps it once fetched
// (sw/scanner-cache.ts).
import wasmUrl from 'zxing-wasm/reader/zxing_reader.wasm?url';
import type { Detector } from './decoder';

/** The polyfill's reader, its WebAssembly fetched from the console's own assets and compiled now. */
export async function zxingDetector(): Promise<Detector> {
  await prepareZXingModule({
    overrides: { locateFile: (path: string, prefix: string) => (path.endsWith('.wasm') ? wasmUrl : prefix + path) },
    // Compiled here, so a failure shows as "the reader could not be loaded" before the camera starts.
    fireImmediately: true,
  });
  return new BarcodeDetector({ formats: ['ean_13'] });
}
