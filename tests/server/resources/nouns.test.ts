import { describe, expect, it } from 'vitest';
import { SPECS } from '../../../src/resources/specs';
import { NOUN_SERVERS } from '../../../src/server/resources';
import { testServerForFile } from '../helpers/test-server';

/**
 * The infrastructure may not import the list of nouns, so each noun's server part names its own
 * noun (`fromSpec('book', …)`): audit rows, live events, presence and the system counts key its
 * records by it. This holds each name to its key in src/resources/specs.ts.
 */
const s = testServerForFile();

describe('the nouns as the server knows them', () => {
  it('name their records by their noun and mount their spec’s API path', () => {
    const named: string[] = [];
    for (const [noun, make] of Object.entries(NOUN_SERVERS)) {
      const { api } = SPECS[noun as keyof typeof SPECS];
      const server = make(s.services);
      expect(Object.keys(server.routes), noun).toContain(`/${api}`);
      if (!server.resource) continue;
      expect(server.resource, noun).toMatchObject({ noun, api });
      named.push(noun);
    }
    // Every noun with records of its own but About us (hand-written) and the audit log (read only).
    expect(named.sort()).toEqual(
      Object.keys(SPECS)
        .filter((n) => n !== 'about' && n !== 'audit')
        .sort(),
    );
  });

  it('audit a write under the noun, not the API path', async () => {
    const { id } = (
      await s.call<{ id: number }>('POST', '/users', {
        token: s.adminToken,
        body: { nickName: 'Noun reader', phone: '13655550000', status: 'active' },
      })
    ).body.data;
    const rows = await s.db.selectFrom('audit_log').select('resource').where('record_id', '=', id).execute();
    expect(rows.map((r) => r.resource)).toContain('reader');
    expect(rows.map((r) => r.resource)).not.toContain('users');
  });
});
