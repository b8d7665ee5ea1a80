import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../../src/server/config';
import { resolveFormat } from '../../../src/server/ops/logger';

describe('operating settings', () => {
  it('defaults: metrics on loopback, info logs (readable on a terminal), no delay, 30 s grace', () => {
    expect(loadConfig({}).app.ops).toEqual({
      metrics: { mode: 'loopback' },
      log: { level: 'info', format: 'auto' },
      shutdown: { delayMs: 0, graceMs: 30_000 },
    });
  });

  it('reads LECTERN_METRICS, LECTERN_LOG_*, LECTERN_SHUTDOWN_*', () => {
    const token = 'a-metrics-token-of-some-length';
    const c = loadConfig({
      LECTERN_METRICS: 'token',
      LECTERN_METRICS_TOKEN: token,
      LECTERN_LOG_LEVEL: 'debug',
      LECTERN_LOG_FORMAT: 'json',
      LECTERN_SHUTDOWN_DELAY_SECONDS: '5',
      LECTERN_SHUTDOWN_GRACE_SECONDS: '45',
    });
    expect(c.app.ops).toEqual({
      metrics: { mode: 'token', token },
      log: { level: 'debug', format: 'json' },
      shutdown: { delayMs: 5_000, graceMs: 45_000 },
    });
    expect(loadConfig({ LECTERN_METRICS: 'off' }).app.ops?.metrics).toEqual({ mode: 'off' });
  });

  it.each([
    [{ LECTERN_METRICS: 'token' }, /LECTERN_METRICS_TOKEN: required when LECTERN_METRICS=token/],
    [{ LECTERN_METRICS: 'token', LECTERN_METRICS_TOKEN: 'short' }, /LECTERN_METRICS_TOKEN: must be at least 16/],
    [{ LECTERN_METRICS: 'public' }, /LECTERN_METRICS: must be "off", "loopback" or "token"/],
    [{ LECTERN_LOG_LEVEL: 'verbose' }, /LECTERN_LOG_LEVEL: must be one of/],
    [{ LECTERN_LOG_FORMAT: 'xml' }, /LECTERN_LOG_FORMAT: must be "auto", "json" or "pretty"/],
    [{ LECTERN_SHUTDOWN_GRACE_SECONDS: '-1' }, /LECTERN_SHUTDOWN_GRACE_SECONDS: must be a whole number/],
  ])('refuses %o', (env, message) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(message);
  });

  it('auto log format: readable on a terminal, JSON lines otherwise', () => {
    expect(resolveFormat('auto', true)).toBe('pretty');
    expect(resolveFormat('auto', false)).toBe('json');
    expect(resolveFormat('json', true)).toBe('json');
    expect(resolveFormat('pretty', false)).toBe('pretty');
  });
});
