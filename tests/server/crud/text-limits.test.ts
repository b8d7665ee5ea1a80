import { describe, expect, it } from 'vitest';
import { MAX_PASSWORD_LENGTH } from '../../../src/contract/password-policy';
import { passwordVerifications } from '../../../src/server/auth/password';
import { passwordProblemMessage, requireStrongPassword } from '../../../src/server/auth/password-rule';
import { testServerForFile } from '../helpers/test-server';

/**
 * Limits on text whose cost grows faster than its length (docs/http-edge.md): news content nested
 * past 100 elements, passwords past the rule's 200 characters.
 */
const s = testServerForFile();

type Errors = { errors: { path: string; message: string; code?: string; params?: unknown }[] };
const news = (content: string) => ({ title: 'Deep', content, status: 'draft' });
const nested = (depth: number, tag = 'b') => `${`<${tag}>`.repeat(depth)}x${`</${tag}>`.repeat(depth)}`;
const DEPTH_ERROR = {
  path: 'content',
  message: 'nests deeper than 100 levels',
  code: 'max_depth',
  params: { max: 100 },
};

describe('news content nesting', () => {
  it('takes 100 nested elements and refuses 101, on create and on update', async () => {
    const ok = await s.call<{ id: number; version: number; content: string }>('POST', '/news', {
      token: s.adminToken,
      body: news(nested(100)),
    });
    expect(ok.status).toBe(201);
    expect(ok.body.data.content).toBe(nested(100));
    const over = await s.call<Errors>('POST', '/news', { token: s.adminToken, body: news(nested(101)) });
    expect(over.status).toBe(400);
    expect(over.body.data.errors).toEqual([DEPTH_ERROR]);
    const update = await s.call<Errors>('PUT', '/news', {
      token: s.adminToken,
      body: { ...news(nested(101, 'div')), id: ok.body.data.id, version: ok.body.data.version },
    });
    expect(update.status).toBe(400);
    expect(update.body.data.errors).toEqual([DEPTH_ERROR]);
  });

  it('counts what the parser opens: unclosed tags, self-closing spellings and stray end tags', async () => {
    for (const content of ['<b>'.repeat(101), '<b/>'.repeat(101), '<b></x>'.repeat(101)]) {
      const res = await s.call<Errors>('POST', '/news', { token: s.adminToken, body: news(content) });
      expect(res.status, content.slice(0, 20)).toBe(400);
      expect(res.body.data.errors).toEqual([DEPTH_ERROR]);
    }
    // Void elements and closed siblings do not add up.
    const flat = `${'<p><img src="https://x.test/a.png"><br>x</p>'.repeat(500)}`;
    expect((await s.call('POST', '/news', { token: s.adminToken, body: news(flat) })).status).toBe(201);
  });
});

describe('passwords past the rule', () => {
  it('the server rule refuses past 200 characters without rating, whatever the strength', async () => {
    const strong = Array.from({ length: 201 }, (_, i) => 'Qz7#kLm2$Vb9'[i % 12]).join('');
    expect(await passwordProblemMessage(strong, [])).toBe('at most 200 characters');
    expect(await passwordProblemMessage(strong.slice(0, MAX_PASSWORD_LENGTH), [])).toBeUndefined();
    await expect(requireStrongPassword('password', strong, [])).rejects.toMatchObject({
      data: { errors: [{ path: 'password', code: 'max_length', params: { max: 200 } }] },
    });
  });

  // Already so before these limits (the sign-in schema's 200): kept here as the rule's other end.
  it('refuses a 1 MiB sign-in password before any hash is computed', async () => {
    const before = passwordVerifications();
    const res = await s.call<Errors>('POST', '/auth/login', {
      body: { userName: 'admin', password: 'p'.repeat(1024 * 1024 - 100) },
    });
    expect([400, 413]).toContain(res.status);
    const long = await s.call<Errors>('POST', '/auth/login', {
      body: { userName: 'admin', password: 'p'.repeat(201) },
    });
    expect(long.status).toBe(400);
    expect(long.body.data.errors).toMatchObject([{ path: 'password', code: 'max_length', params: { max: 200 } }]);
    expect(passwordVerifications()).toBe(before);
  });
});
