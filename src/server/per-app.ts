import type { AppDeps } from './context';

/**
 * One `T` per app, made from its deps on first use: several apps in one process (the tests, a
 * second instance) each keep their own, and a dropped app's goes with it.
 */
export function perApp<T>(make: (deps: AppDeps) => T) {
  const made = new WeakMap<AppDeps, T>();
  return {
    of(deps: AppDeps): T {
      let value = made.get(deps);
      if (value === undefined) {
        value = make(deps);
        made.set(deps, value);
      }
      return value;
    },
    /** The app's `T` if one was made, forgotten from now on (shutdown). */
    take(deps: AppDeps): T | undefined {
      const value = made.get(deps);
      made.delete(deps);
      return value;
    },
  };
}
