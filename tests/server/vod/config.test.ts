import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../../src/server/config';

describe('video service configuration', () => {
  it('defaults to the local service, 15 minutes, cn-shanghai, bucket lectern-media', () => {
    expect(loadConfig({}).app.vod).toMatchObject({
      mode: 'local',
      credentialTtlSeconds: 900,
      region: 'cn-shanghai',
      bucket: 'lectern-media',
      cloud: null,
    });
  });

  it('reads a short TTL and a bucket name', () => {
    const c = loadConfig({ LECTERN_VOD_CREDENTIAL_TTL_SECONDS: '5', LECTERN_VOD_BUCKET: 'media-2' });
    expect(c.app.vod).toMatchObject({ credentialTtlSeconds: 5, bucket: 'media-2' });
  });

  it('needs the RAM key and role in cloud mode, and adds the cloud endpoints to connect-src', () => {
    expect(() => loadConfig({ LECTERN_VOD_MODE: 'cloud' })).toThrow(/LECTERN_VOD_ROLE_ARN/);
    const c = loadConfig({
      LECTERN_VOD_MODE: 'cloud',
      LECTERN_VOD_REGION: 'cn-beijing',
      LECTERN_VOD_ACCESS_KEY_ID: 'id',
      LECTERN_VOD_ACCESS_KEY_SECRET: 'secret',
      LECTERN_VOD_ROLE_ARN: 'acs:ram::1:role/r',
    });
    expect(c.app.vod?.cloud).toMatchObject({ vodEndpoint: 'https://vod.cn-beijing.aliyuncs.com' });
    expect(c.app.extraConnectSrc).toEqual([
      'https://vod.cn-beijing.aliyuncs.com',
      'https://*.oss-cn-beijing.aliyuncs.com',
    ]);
  });

  it("has the cloud service's caps, a 100 GiB quota, a 7-day lifecycle rule and an hourly sweep by default", () => {
    const GiB = 1024 ** 3;
    expect(loadConfig({}).app.vod?.limits).toEqual({
      maxObjectBytes: 5 * GiB,
      maxPartBytes: 5 * GiB,
      maxParts: 10_000,
      quotaBytes: 100 * GiB,
      abandonAfterSeconds: 7 * 86_400,
      sweepIntervalSeconds: 3600,
    });
    expect(loadConfig({}).app.storageReserveBytes).toBe(GiB);
  });

  it('reads sizes with binary units', () => {
    const c = loadConfig({
      LECTERN_VOD_MAX_OBJECT_SIZE: '512MiB',
      LECTERN_VOD_MAX_PART_SIZE: '100 KiB',
      LECTERN_VOD_MAX_PARTS: '50',
      LECTERN_VOD_QUOTA: '2T',
      LECTERN_VOD_ABANDON_AFTER_SECONDS: '86400',
      LECTERN_VOD_SWEEP_INTERVAL_SECONDS: '0',
      LECTERN_STORAGE_RESERVE: '1048576',
    });
    expect(c.app.vod?.limits).toEqual({
      maxObjectBytes: 512 * 1024 ** 2,
      maxPartBytes: 100 * 1024,
      maxParts: 50,
      quotaBytes: 2 * 1024 ** 4,
      abandonAfterSeconds: 86_400,
      sweepIntervalSeconds: 0,
    });
    expect(c.app.storageReserveBytes).toBe(1024 ** 2);
    expect(loadConfig({ LECTERN_VOD_QUOTA: '1.5GB' }).app.vod?.limits.quotaBytes).toBe(1.5 * 1024 ** 3);
  });

  it('allows the loopback names for upload addresses, plus HOST when it is one address', () => {
    expect(loadConfig({}).app.vod?.allowedHosts).toEqual(['localhost', '127.0.0.1', '[::1]']);
    expect(loadConfig({ HOST: '0.0.0.0' }).app.vod?.allowedHosts).toEqual(['localhost', '127.0.0.1', '[::1]']);
    expect(loadConfig({ HOST: '10.0.0.5' }).app.vod?.allowedHosts).toEqual([
      'localhost',
      '127.0.0.1',
      '[::1]',
      '10.0.0.5',
    ]);
    expect(loadConfig({ HOST: 'fd00::5' }).app.vod?.allowedHosts).toContain('[fd00::5]');
    expect(
      loadConfig({ LECTERN_VOD_ALLOWED_HOSTS: 'Lectern.Example.com, media.example.com:8443' }).app.vod?.allowedHosts,
    ).toEqual(['lectern.example.com', 'media.example.com:8443']);
  });

  it.each([
    [{ LECTERN_VOD_MAX_OBJECT_SIZE: '6GiB' }, 'LECTERN_VOD_MAX_OBJECT_SIZE'],
    [{ LECTERN_VOD_MAX_PART_SIZE: '50KiB' }, 'LECTERN_VOD_MAX_PART_SIZE'],
    [{ LECTERN_VOD_MAX_PARTS: '10001' }, 'LECTERN_VOD_MAX_PARTS'],
    [{ LECTERN_VOD_QUOTA: 'lots' }, 'LECTERN_VOD_QUOTA'],
    [{ LECTERN_STORAGE_RESERVE: '-1' }, 'LECTERN_STORAGE_RESERVE'],
    [{ LECTERN_VOD_ALLOWED_HOSTS: 'https://lectern.example.com' }, 'LECTERN_VOD_ALLOWED_HOSTS'],
    [{ LECTERN_VOD_MODE: 'both' }, 'LECTERN_VOD_MODE'],
    [{ LECTERN_VOD_CREDENTIAL_TTL_SECONDS: '0' }, 'LECTERN_VOD_CREDENTIAL_TTL_SECONDS'],
    [{ LECTERN_VOD_BUCKET: 'prod-api' }, 'LECTERN_VOD_BUCKET'],
    [{ LECTERN_VOD_BUCKET: 'Upper' }, 'LECTERN_VOD_BUCKET'],
  ])('refuses %o', (env, name) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(name);
  });
});
