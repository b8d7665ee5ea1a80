import { createApiCache } from './api-cache';
import type { OfflineConfig } from './protocol/build-config';

declare const __LECTERN_OFFLINE__: OfflineConfig;

/**
 * The worker's one set of API-cache strategies: the page's reads (sw.ts) and the periodic refresh
 * (periodic.ts) write the same caches, so they share one expiry bookkeeping per cache, and the
 * sign-out's clear drops the strategies both use.
 */
export const apiCache = createApiCache(__LECTERN_OFFLINE__);
