import { spawnSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/test-server';

/**
 * /metrics as Prometheus's own checker reads it: `promtool check metrics` (Debian's `prometheus`,
 * installed by tests/server/ensure-promtool.sh in `npm test`) lints names, types, help and units.
 */
describe('metrics pass promtool check metrics', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer();
  });
  afterAll(() => s.close());

  it('no lint problem, with every family holding samples', async () => {
    const which = spawnSync('promtool', ['--version']);
    if (which.error)
      throw new Error(
        'promtool is missing: run `bash tests/server/ensure-promtool.sh` (or apt-get install prometheus)',
      );
    // Samples in the labelled families too: a request, a failed sign-in.
    expect((await s.call('GET', '/category/list', { token: s.adminToken })).status).toBe(200);
    expect((await s.login('admin', 'not-the-password')).status).toBe(401);
    // The first scrape starts the process metrics; the second has them all.
    await fetch(`${s.url}/metrics`);
    const text = await (await fetch(`${s.url}/metrics`)).text();
    expect(text).toContain('lectern_eventloop_delay_max_seconds');
    const lint = spawnSync('promtool', ['check', 'metrics'], { input: text, encoding: 'utf8' });
    expect(`${lint.stdout}${lint.stderr}`).toBe('');
    expect(lint.status).toBe(0);
  });
});
