/**
 * The barcode reader: the browser's own `BarcodeDetector` where it has one that reads EAN-13
 * (Chrome on Android, macOS and ChromeOS; Safari 17+ on macOS), else the `barcode-detector`
 * polyfill over ZXing's WebAssembly (zxing-detector.ts), fetched only when a scan starts so
 * nothing of it is in the list's bundle.
 */
export interface Detector {
  detect(source: HTMLVideoElement): Promise<{ rawValue: string; format: string }[]>;
}

interface DetectorClass {
  new (options: { formats: string[] }): Detector;
  getSupportedFormats(): Promise<string[]>;
}

export type DecoderKind = 'native' | 'zxing';

async function nativeDetector(): Promise<Detector | undefined> {
  const Native = (globalThis as { BarcodeDetector?: DetectorClass }).BarcodeDetector;
  if (!Native) return undefined;
  try {
    // Present but without EAN-13 (or without any format: Chrome on Linux and Windows may expose it empty).
    if (!(await Native.getSupportedFormats()).includes('ean_13')) return undefined;
    return new Native({ formats: ['ean_13'] });
  } catch {
    return undefined;
  }
}

let zxing: Promise<Detector> | undefined;

/** One reader for the page's life: the polyfill's module and its .wasm load once. */
export async function loadDetector(): Promise<{ detector: Detector; kind: DecoderKind }> {
  const native = await nativeDetector();
  if (native) return { detector: native, kind: 'native' };
  zxing ??= import('./zxing-detector').then((m) => m.zxingDetector());
  // A failure (the .wasm refused or not reachable) is not kept: the next Scan tries again.
  zxing.catch(() => {
    zxing = undefined;
  });
  return { detector: await zxing, kind: 'zxing' };
}
