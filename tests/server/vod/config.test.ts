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

  it.each([
    [{ LECTERN_VOD_MODE: 'both' }, 'LECTERN_VOD_MODE'],
    [{ LECTERN_VOD_CREDENTIAL_TTL_SECONDS: '0' }, 'LECTERN_VOD_CREDENTIAL_TTL_SECONDS'],
    [{ LECTERN_VOD_BUCKET: 'prod-api' }, 'LECTERN_VOD_BUCKET'],
    [{ LECTERN_VOD_BUCKET: 'Upper' }, 'LECTERN_VOD_BUCKET'],
  ])('refuses %o', (env, name) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(name);
  });
});
