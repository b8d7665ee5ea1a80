import { describe, expect, it } from 'vitest';
import { checkAdminPassword, loadConfig } from '../../../src/server/config';
import { redactUrl } from '../../../src/server/db/postgres';

describe('loadConfig', () => {
  it('has the documented defaults', () => {
    const c = loadConfig({});
    expect(c).toMatchObject({ host: '127.0.0.1', port: 8080, adminPassword: undefined, databaseUrl: undefined });
    expect(c.dataDir).toMatch(/\/data$/);
    expect(c.app).toMatchObject({
      tokenIdleMinutes: 720,
      loginMaxFailures: 5,
      loginAddressMaxFailures: 20,
      loginDeviceMaxFailures: 10,
      loginWindowSeconds: 900,
      loginLockMaxSeconds: 86_400,
      trustProxy: false,
      extraConnectSrc: [],
    });
    expect(c.app.distDir).toMatch(/\/dist$/);
  });

  it.each([
    [{ PORT: '0' }, (c: ReturnType<typeof loadConfig>) => c.port, 0],
    [{ PORT: '' }, (c: ReturnType<typeof loadConfig>) => c.port, 8080],
    [{ LECTERN_TRUST_PROXY: '1' }, (c: ReturnType<typeof loadConfig>) => c.app.trustProxy, true],
    [{ LECTERN_TRUST_PROXY: '0' }, (c: ReturnType<typeof loadConfig>) => c.app.trustProxy, false],
    [{ LECTERN_TOKEN_IDLE_MINUTES: '30' }, (c: ReturnType<typeof loadConfig>) => c.app.tokenIdleMinutes, 30],
    [
      {
        LECTERN_LOGIN_ADDRESS_MAX_FAILURES: '50',
        LECTERN_LOGIN_DEVICE_MAX_FAILURES: '3',
        LECTERN_LOGIN_WINDOW_SECONDS: '600',
        LECTERN_LOGIN_LOCK_MAX_SECONDS: '3600',
      },
      (c: ReturnType<typeof loadConfig>) => [
        c.app.loginAddressMaxFailures,
        c.app.loginDeviceMaxFailures,
        c.app.loginWindowSeconds,
        c.app.loginLockMaxSeconds,
      ],
      [50, 3, 600, 3600],
    ],
    [{ LECTERN_DATA: '/srv/lectern' }, (c: ReturnType<typeof loadConfig>) => c.dataDir, '/srv/lectern'],
    [
      { DATABASE_URL: 'postgres://lectern:secret@db:5432/lectern' },
      (c: ReturnType<typeof loadConfig>) => c.databaseUrl,
      'postgres://lectern:secret@db:5432/lectern',
    ],
    [{ DATABASE_URL: '' }, (c: ReturnType<typeof loadConfig>) => c.databaseUrl, undefined],
    [{}, (c: ReturnType<typeof loadConfig>) => c.dbPoolSize, 10],
    [{ LECTERN_DB_POOL_SIZE: '25' }, (c: ReturnType<typeof loadConfig>) => c.dbPoolSize, 25],
    [
      { LECTERN_CONNECT_SRC: 'http://127.0.0.1:9000  https://vod.example.com' },
      (c: ReturnType<typeof loadConfig>) => c.app.extraConnectSrc,
      ['http://127.0.0.1:9000', 'https://vod.example.com'],
    ],
  ])('reads %o', (env, pick, expected) => {
    expect(pick(loadConfig(env))).toEqual(expected);
  });

  it.each([
    [{ PORT: '65536' }, 'PORT'],
    [{ PORT: '-1' }, 'PORT'],
    [{ LECTERN_LOGIN_MAX_FAILURES: '0' }, 'LECTERN_LOGIN_MAX_FAILURES'],
    [{ LECTERN_TRUST_PROXY: 'maybe' }, 'LECTERN_TRUST_PROXY'],
    [{ LECTERN_ADMIN_PASSWORD: 'short' }, 'LECTERN_ADMIN_PASSWORD'],
    [{ LECTERN_ADMIN_PASSWORD: 'Eleven-char' }, 'LECTERN_ADMIN_PASSWORD'],
    [{ LECTERN_LOGIN_DEVICE_MAX_FAILURES: '0' }, 'LECTERN_LOGIN_DEVICE_MAX_FAILURES'],
    [{ LECTERN_LOGIN_ADDRESS_MAX_FAILURES: 'many' }, 'LECTERN_LOGIN_ADDRESS_MAX_FAILURES'],
    [{ LECTERN_LOGIN_WINDOW_SECONDS: '900', LECTERN_LOGIN_LOCK_MAX_SECONDS: '600' }, 'LECTERN_LOGIN_LOCK_MAX_SECONDS'],
    [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL'],
    [{ LECTERN_DB_POOL_SIZE: '0' }, 'LECTERN_DB_POOL_SIZE'],
    [{ LECTERN_SEED: 'everything' }, 'LECTERN_SEED'],
  ])('refuses %o naming the variable', (env, name) => {
    expect(() => loadConfig(env)).toThrow(new RegExp(`Invalid configuration:[\\s\\S]*${name}:`));
  });

  it.each([
    ['password1234567', 'too common: it appears in lists of breached passwords'],
    ['Administrator13800000000', 'too easy to guess'],
  ])('refuses LECTERN_ADMIN_PASSWORD=%s by the password rule: %s', async (password, problem) => {
    await expect(checkAdminPassword(loadConfig({ LECTERN_ADMIN_PASSWORD: password }))).rejects.toThrow(
      `Invalid configuration:\n  LECTERN_ADMIN_PASSWORD: ${problem}`,
    );
  });

  it('accepts a LECTERN_ADMIN_PASSWORD that meets the rule, or none', async () => {
    await expect(
      checkAdminPassword(loadConfig({ LECTERN_ADMIN_PASSWORD: 'e2e-Admin-pass-1' })),
    ).resolves.toBeUndefined();
    await expect(checkAdminPassword(loadConfig({}))).resolves.toBeUndefined();
  });

  it('reads the jobs and media settings once, with their defaults', () => {
    expect(loadConfig({}).app).toMatchObject({
      jobs: { leaseSeconds: 15, maintenanceSeconds: 30 },
      media: { concurrency: 1, nice: 10, timeoutSeconds: 7200, retrySeconds: 30 },
    });
    const c = loadConfig({
      LECTERN_JOBS_LEASE_SECONDS: '3',
      LECTERN_JOBS_MAINTENANCE_SECONDS: '1',
      LECTERN_FFMPEG_PATH: '/opt/ffmpeg/bin/ffmpeg',
      LECTERN_FFPROBE_PATH: '/opt/ffmpeg/bin/ffprobe',
      LECTERN_TRANSCODE_CONCURRENCY: '2',
      LECTERN_TRANSCODE_NICE: '19',
      LECTERN_TRANSCODE_TIMEOUT_SECONDS: '600',
      LECTERN_TRANSCODE_RETRY_SECONDS: '1',
    });
    expect(c.app.jobs).toEqual({ leaseSeconds: 3, maintenanceSeconds: 1 });
    expect(c.app.media).toEqual({
      ffmpeg: '/opt/ffmpeg/bin/ffmpeg',
      ffprobe: '/opt/ffmpeg/bin/ffprobe',
      concurrency: 2,
      nice: 19,
      timeoutSeconds: 600,
      retrySeconds: 1,
    });
  });

  it.each([
    [{ LECTERN_JOBS_LEASE_SECONDS: '2' }, 'LECTERN_JOBS_LEASE_SECONDS'],
    [{ LECTERN_JOBS_MAINTENANCE_SECONDS: 'often' }, 'LECTERN_JOBS_MAINTENANCE_SECONDS'],
    [{ LECTERN_TRANSCODE_CONCURRENCY: '0' }, 'LECTERN_TRANSCODE_CONCURRENCY'],
    [{ LECTERN_TRANSCODE_NICE: '20' }, 'LECTERN_TRANSCODE_NICE'],
  ])('refuses %o naming the variable', (env, name) => {
    expect(() => loadConfig(env)).toThrow(new RegExp(`Invalid configuration:[\\s\\S]*${name}:`));
  });

  it('takes the processing timings within their bounds, never refusing them', () => {
    const media = (env: Record<string, string>) => loadConfig(env).app.media;
    expect(media({ LECTERN_TRANSCODE_TIMEOUT_SECONDS: '1', LECTERN_TRANSCODE_RETRY_SECONDS: '999999' })).toMatchObject({
      timeoutSeconds: 5,
      retrySeconds: 86_400,
    });
    expect(media({ LECTERN_TRANSCODE_TIMEOUT_SECONDS: 'long' })?.timeoutSeconds).toBe(7200);
  });

  it('logs a PostgreSQL URL without its password', () => {
    expect(redactUrl('postgres://lectern:s3cret@db.internal:5432/lectern')).toBe(
      'postgres://lectern:***@db.internal:5432/lectern',
    );
    expect(redactUrl('postgres://lectern@db/lectern')).toBe('postgres://lectern@db/lectern');
  });
});
