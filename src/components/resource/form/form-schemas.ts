import { use } from 'react';
import type { z } from 'zod';

/** A form's create and update schemas: the contract's, so the form checks what the server checks. */
export interface FormSchemas {
  create: z.ZodType;
  update: z.ZodType;
}

/**
 * The schemas, or a loader for them: a list screen names `() => import('…/contract/x')`, so the
 * schemas and zod load when a form first opens, not with the list.
 */
export type SchemaSource = FormSchemas | (() => Promise<FormSchemas>);

type Tracked = Promise<FormSchemas> & { status?: 'pending' | 'fulfilled' | 'rejected'; value?: FormSchemas };
const started = new WeakMap<() => Promise<FormSchemas>, Tracked>();

/** Starts loading (once per loader; again after a failure) and returns the promise. */
export function loadSchemas(source: SchemaSource): Promise<FormSchemas> {
  if (typeof source !== 'function') return Promise.resolve(source);
  let p = started.get(source);
  if (!p || p.status === 'rejected') {
    const tracked: Tracked = source();
    // React's `use` reads these: a loaded promise gives its value without suspending again.
    tracked.status = 'pending';
    tracked.then(
      (v) => {
        tracked.status = 'fulfilled';
        tracked.value = v;
      },
      () => {
        tracked.status = 'rejected';
      },
    );
    started.set(source, tracked);
    p = tracked;
  }
  return p;
}

/** The schemas in a component: suspends (nearest Suspense) until a loader has them. */
export function useSchemas(source: SchemaSource): FormSchemas {
  return typeof source === 'function' ? use(loadSchemas(source)) : source;
}
