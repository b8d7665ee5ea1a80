import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestServer } from '../helpers/test-server';
import { credential, startVodServer } from './helpers';

/**
 * Each signed call leaves a nonce until its time is up; minting a credential removes the expired
 * ones, in batches (a busy quarter hour leaves very many), and never one still in force.
 */
let s: TestServer;
beforeAll(async () => {
  s = await startVodServer();
});
afterAll(() => s.close());

const count = async (where: 'expired' | 'live') =>
  Number(
    (
      await sql<{ n: number }>`select count(*) as n from vod_nonce where expires_at ${sql.raw(
        where === 'expired' ? '<' : '>=',
      )} ${new Date().toISOString()}`.execute(s.db)
    ).rows[0]?.n,
  );

describe('expired signature nonces', () => {
  it('are all removed, over several batches, when a credential is minted; live ones stay', async () => {
    const past = new Date(Date.now() - 60_000).toISOString();
    const future = new Date(Date.now() + 600_000).toISOString();
    for (let batch = 0; batch < 5; batch++) {
      const values = Array.from({ length: 500 }, (_, i) => sql`(${`old-${batch}-${i}`}, ${past})`);
      await sql`insert into vod_nonce (nonce, expires_at) values ${sql.join(values)}`.execute(s.db);
    }
    await sql`insert into vod_nonce (nonce, expires_at) values ('live-1', ${future}), ('live-2', ${future})`.execute(
      s.db,
    );
    expect(await count('expired')).toBe(2500);
    await credential(s);
    expect(await count('expired')).toBe(0);
    expect(await count('live')).toBe(2);
  });
});
