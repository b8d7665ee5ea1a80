import { describe, expect, it } from 'vitest';
import { apiCacheKind } from '../../../src/sw/protocol/cache-keys';
import { isOpsPath, OPS_PATH_RE, OPS_PATHS } from '../../../src/sw/protocol/ops-paths';

describe('the service worker leaves health checks and metrics alone', () => {
  it('recognises /healthz, /readyz and /metrics, with a trailing slash or a query', () => {
    for (const p of OPS_PATHS) {
      expect(isOpsPath(p)).toBe(true);
      expect(isOpsPath(`${p}/`)).toBe(true);
      // The navigation denylist is tested against path and query.
      expect(OPS_PATH_RE.test(`${p}?probe=1`)).toBe(true);
    }
  });

  it('does not take console routes or API paths that merely start alike', () => {
    for (const p of ['/', '/web/book', '/healthzz', '/metrics-dashboard', '/prod-api/metrics', '/web/readyz'])
      expect(isOpsPath(p), p).toBe(false);
  });

  it('none of them is cached as an API answer', () => {
    for (const p of OPS_PATHS) expect(apiCacheKind('GET', p)).toBeNull();
  });
});
