import { describe, expect, it } from 'vitest';
import { OFFLINE_DEFAULTS, offlineConfig } from '../../../src/sw/protocol/build-config';
import { apiCacheKind, apiCacheName, listCacheKey, userKeyOf } from '../../../src/sw/protocol/cache-keys';

describe('what the service worker caches', () => {
  it('caches reads: POST …/page, GET …/list, GET …/<id>, Home and the session info', () => {
    expect(apiCacheKind('POST', '/prod-api/book/page')).toBe('list');
    expect(apiCacheKind('POST', '/prod-api/category/subclass/page')).toBe('list');
    expect(apiCacheKind('GET', '/prod-api/category/list')).toBe('list');
    expect(apiCacheKind('GET', '/prod-api/category/subclass/list')).toBe('list');
    expect(apiCacheKind('GET', '/prod-api/auth/info')).toBe('list');
    expect(apiCacheKind('GET', '/prod-api/book/123')).toBe('list');
    expect(apiCacheKind('GET', '/prod-api/category/subclass/7')).toBe('list');
    expect(apiCacheKind('GET', '/prod-api/system/info')).toBe('list');
    expect(apiCacheKind('GET', '/prod-api/system/vod-resource')).toBe('list');
    expect(apiCacheKind('GET', '/prod-api/system/data/list')).toBe('list');
    expect(apiCacheKind('GET', '/prod-api/files/images/ab12.png')).toBe('image');
  });

  it('never caches writes, other POSTs or upload traffic', () => {
    expect(apiCacheKind('POST', '/prod-api/book')).toBeNull();
    expect(apiCacheKind('PUT', '/prod-api/book')).toBeNull();
    expect(apiCacheKind('DELETE', '/prod-api/book/3')).toBeNull();
    expect(apiCacheKind('POST', '/prod-api/book/export')).toBeNull();
    expect(apiCacheKind('POST', '/prod-api/auth/login')).toBeNull();
    expect(apiCacheKind('POST', '/prod-api/file/upload/img')).toBeNull();
    expect(apiCacheKind('GET', '/prod-api/video/upload/credential')).toBeNull();
    expect(apiCacheKind('GET', '/prod-api/video/upload/42')).toBeNull();
    expect(apiCacheKind('POST', '/prod-api/book/3/delete-check')).toBeNull();
    expect(apiCacheKind('GET', '/prod-api/book/3/history')).toBeNull();
    expect(apiCacheKind('POST', '/prod-api/video/upload/page')).toBeNull();
    expect(apiCacheKind('GET', '/vod/')).toBeNull();
    expect(apiCacheKind('PUT', '/lectern-media/video/a.mp4')).toBeNull();
    expect(apiCacheKind('GET', '/lectern-media/video/list')).toBeNull();
  });
});

describe('cache keys', () => {
  it('keys a list by path, query without the token, and a hash of the body', async () => {
    const a = await listCacheKey('http://x', '/prod-api/book/page', '', '{"pageNum":1}');
    const b = await listCacheKey('http://x', '/prod-api/book/page', '', '{"pageNum":2}');
    expect(a).toMatch(/^http:\/\/x\/__lectern-cache__\/prod-api\/book\/page\?__body=[0-9a-f]{32}$/);
    expect(a).not.toBe(b);
    expect(await listCacheKey('http://x', '/prod-api/book/page', '', '{"pageNum":1}')).toBe(a);
    const info = await listCacheKey('http://x', '/prod-api/auth/info', '?token=SECRET', '');
    expect(info).toBe('http://x/__lectern-cache__/prod-api/auth/info');
    expect(await listCacheKey('http://x', '/prod-api/category/subclass/list', '?categoryId=3', '')).toContain(
      'categoryId=3',
    );
  });

  it('names a session cache by a hash that does not contain the token', async () => {
    const token = 'abcDEF123-token';
    const key = await userKeyOf(token);
    expect(key).toMatch(/^[0-9a-f]{32}$/);
    expect(apiCacheName(key)).not.toContain(token);
    expect(await userKeyOf('another-token')).not.toBe(key);
  });
});

describe('offline configuration', () => {
  it('defaults to a 4 s timeout and takes positive integers from the build variables', () => {
    expect(offlineConfig({})).toEqual(OFFLINE_DEFAULTS);
    expect(OFFLINE_DEFAULTS.timeoutMs).toBe(4000);
    expect(offlineConfig({ LECTERN_OFFLINE_TIMEOUT_MS: '1500', LECTERN_OFFLINE_MAX_ENTRIES: '50' })).toMatchObject({
      timeoutMs: 1500,
      maxEntries: 50,
    });
    expect(() => offlineConfig({ LECTERN_OFFLINE_MAX_AGE_SECONDS: '-1' })).toThrow(/positive integer/);
  });
});
