// biome-ignore lint/style/noRestrictedImports: the one place React's lazy is wrapped.
import { type ComponentType, lazy as reactLazy } from 'react';
import { wholeCatalogue } from './i18n';
import { retryWhenOnline } from './offline/chunk-failures';

/**
 * React's `lazy`, the piece also waiting for the language's whole catalogue: a cold start loads
 * only the messages of its first screen (lib/i18n.ts), and a piece loaded on demand (a dialog, a
 * drawer, a banner) may show others. Once the whole catalogue is there, this waits for nothing.
 */
// biome-ignore lint/suspicious/noExplicitAny: the same constraint as React's own lazy.
export function lazy<T extends ComponentType<any>>(load: () => Promise<{ default: T }>) {
  // Offline, a piece whose code is not here yet waits for the network (lib/offline/chunk-failures.ts).
  const loadOrWait = retryWhenOnline(load);
  return reactLazy(() => withMessages(loadOrWait()));
}

/** A module imported on demand that shows text (also outside a component): with the whole catalogue. */
export function withMessages<T>(load: Promise<T>): Promise<T> {
  return Promise.all([load, wholeCatalogue()]).then(([module]) => module);
}

/** React's `lazy` for a piece that shows only the texts it is given (they came with its caller's messages). */
// biome-ignore lint/suspicious/noExplicitAny: the same constraint as React's own lazy.
export function lazyWithoutMessages<T extends ComponentType<any>>(load: () => Promise<{ default: T }>) {
  return reactLazy(retryWhenOnline(load));
}
