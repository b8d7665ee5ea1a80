// ali-oss's browser bundle reads `window` (platform sniffing, XHR shim); a module worker has none.
// Imported before ali-oss so the bundle's top level finds it.
(globalThis as { window?: unknown }).window = globalThis;

export {};
