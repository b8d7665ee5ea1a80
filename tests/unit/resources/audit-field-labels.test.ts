// @vitest-environment node
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fieldLabel } from '../../../src/resources/audit/field-labels';
import { AUDIT_RESOURCE_OPTIONS } from '../../../src/resources/audit/model';
import { SPECS } from '../../../src/resources/specs';

/*
 * The labels are checked against what a real server sends: `npm start`'s own process on a demo
 * site (LECTERN_SEED=demo), one record of each noun read through the API. The trail diffs exactly
 * these records, so a field the server adds shows up here before it can show up raw in the log.
 */
const PASSWORD = 'unit-Admin-pass-1';
let server: ChildProcess | undefined;
let dir = '';
let url = '';
let token = '';

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'lectern-labels-'));
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    env: {
      ...process.env,
      HOST: '127.0.0.1',
      PORT: '0',
      LECTERN_DATA: dir,
      LECTERN_ADMIN_PASSWORD: PASSWORD,
      LECTERN_SEED: 'demo',
      // Signs in as admin with a password (the default asks administrators for a second factor).
      LECTERN_MFA_REQUIRED: 'none',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  server = child;
  url = await new Promise<string>((resolve, reject) => {
    let out = '';
    const timer = setTimeout(() => reject(new Error(`no server in 60 s:\n${out}`)), 60_000);
    const onData = (chunk: Buffer) => {
      out += chunk.toString();
      const m = /Lectern listening on (http:\/\/[^\s]+?)\/?(\s|$)/.exec(out);
      if (m?.[1]) {
        clearTimeout(timer);
        resolve(m[1]);
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', (code) => reject(new Error(`server exited with ${code}:\n${out}`)));
  });
  token = (await call<{ token: string }>('POST', '/auth/login', { userName: 'admin', password: PASSWORD })).data.token;
}, 90_000);

afterAll(async () => {
  if (server && server.exitCode === null) {
    const exited = new Promise((r) => server?.once('exit', r));
    server.kill('SIGINT');
    await exited;
  }
  if (dir) await rm(dir, { recursive: true, force: true });
});

async function call<T>(method: string, path: string, body?: unknown): Promise<{ code: number; data: T }> {
  const res = await fetch(`${url}/prod-api${path}`, {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { 'X-Token': token } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return (await res.json()) as { code: number; data: T };
}

/** Where a real record of each audited noun is read (the trail diffs these records). */
const READ: Record<string, { path: string; body?: unknown }> = {
  book: { path: '/book/page', body: { pageNum: 1, pageSize: 1 } },
  banner: { path: '/banner/page', body: { pageNum: 1, pageSize: 1 } },
  news: { path: '/news/page', body: { pageNum: 1, pageSize: 1 } },
  resource: { path: '/resource/page', body: { pageNum: 1, pageSize: 1 } },
  bibliography: { path: '/bibliography/page', body: { pageNum: 1, pageSize: 1 } },
  category: { path: '/category/page', body: { pageNum: 1, pageSize: 1 } },
  subclass: { path: '/category/subclass/page', body: { pageNum: 1, pageSize: 1 } },
  video: { path: '/video/page', body: { pageNum: 1, pageSize: 1 } },
  about: { path: '/company/list' },
  reader: { path: '/users/page', body: { pageNum: 1, pageSize: 1 } },
  staff: { path: '/user/page', body: { pageNum: 1, pageSize: 1 } },
  message: { path: '/online/page', body: { pageNum: 1, pageSize: 1 } },
  application: { path: '/apply/page', body: { pageNum: 1, pageSize: 1 } },
  reminder: { path: '/reminder/page', body: { pageNum: 1, pageSize: 1 } },
  image: { path: '/image/page', body: { pageNum: 1, pageSize: 1 } },
  loanPolicy: { path: '/loan-policy' },
};

const PNG = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 73, 72, 68, 82, 1, 2, 3]);

describe('the audit log names every field', () => {
  it('has a label for every field of every audited noun, as the API sends its records', {
    timeout: 30_000,
  }, async () => {
    // What the demo has none of: one image (uploaded) and one video (its record).
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(PNG)], { type: 'image/png' }), 'shelf.png');
    const up = await fetch(`${url}/prod-api/file/upload/img`, {
      method: 'POST',
      body: form,
      headers: { 'X-Token': token },
    });
    expect(up.status).toBe(201);
    const video = { title: 'Lecture', videoId: 'v-1', fileName: 'lecture.mp4', fileSize: 1000 };
    expect((await call('POST', '/video', video)).code).toBe(20000);

    const unnamed: string[] = [];
    for (const { value: noun } of AUDIT_RESOURCE_OPTIONS) {
      // Security events change no field: they are shown by their own labels (security-labels.ts).
      if (noun === 'security') continue;
      const read = READ[noun];
      expect(read, `${noun}: where its records are read`).toBeDefined();
      if (!read) continue;
      const res = await call<{ items?: Record<string, unknown>[] } | Record<string, unknown>[]>(
        read.body ? 'POST' : 'GET',
        read.path,
        read.body,
      );
      expect(res.code, `${noun}: ${read.path}`).toBe(20000);
      const data = res.data;
      // A page's items, a list, or the one record of a setting (the loan policy).
      const records = Array.isArray(data) ? data : Array.isArray(data.items) ? data.items : [data];
      expect(records.length, `${noun}: a record to read its fields from`).toBeGreaterThan(0);
      for (const field of Object.keys(records[0] ?? {})) {
        if (!fieldLabel(noun, field)) unnamed.push(`${noun}.${field}`);
      }
    }
    // About us' site links are audited as one field of About us: the whole list.
    if (!fieldLabel('about', 'links')) unnamed.push('about.links');
    expect(unnamed, 'fields the audit log would show by their raw names').toEqual([]);
  });

  it('filters the trail by every noun with records, by its noun, and by security events', () => {
    const nouns = [...Object.keys(SPECS).filter((noun) => noun !== 'audit'), 'security'];
    expect(AUDIT_RESOURCE_OPTIONS.map((o) => o.value).sort()).toEqual(nouns.sort());
  });
});
