import { describe, expect, it } from 'vitest';
import type { DataPoint, SystemInfo, VodResource } from '../../../src/contract/system';
import type { Video } from '../../../src/resources/video/schema';
import { setVideoStatus } from '../../../src/resources/video/server/status';
import { COUNTED } from '../../fixtures/system-counts';
import { auditActions, create, type Errors, expectInvalid, pageOf } from '../helpers/crud';
import { testServerForFile } from '../helpers/test-server';

const s = testServerForFile();

const video = (o: Record<string, unknown> = {}) => ({
  title: 'Lecture',
  videoId: 'v-1',
  fileName: 'lecture.mp4',
  fileSize: 1000,
  ...o,
});

describe('video', () => {
  it('creates (Uploading by default), pages with size and cover, deletes', async () => {
    const v = await create(s, 'video', video({ coverUrl: 'https://x.test/c.jpg', tags: 'a,b' }));
    expect(v).toMatchObject({
      status: 'Uploading',
      fileSize: 1000,
      coverUrl: 'https://x.test/c.jpg',
      version: 0,
      duration: null,
      width: null,
      height: null,
      failReason: null,
      snapshots: [],
    });
    const page = await pageOf<Video>(s, 'video', { status: 'Uploading' });
    expect(page.body.data.items.map((x) => x.videoId)).toEqual(['v-1']);
    // The lowercase statuses of before still read as the cloud's.
    const legacy = await pageOf<Video>(s, 'video', { status: 'uploading' });
    expect(legacy.body.data.items.map((x) => x.videoId)).toEqual(['v-1']);
    const del = await s.call('DELETE', `/video/${v.id}`, { token: s.adminToken });
    expect(del.status).toBe(200);
    expect(await auditActions(s, 'video', v.id)).toEqual(['create', 'delete']);
  });

  it('updates only what an editor may change, with version conflicts', async () => {
    const v = await create(s, 'video', video({ videoId: 'edit-1' }));
    const put = await s.call<Video>('PUT', '/video', {
      token: s.adminToken,
      // The whole record echoed back, as a form sends it: the server's fields are dropped.
      body: {
        ...v,
        title: 'Renamed',
        tags: 'x',
        cateId: 3,
        coverUrl: '/vod-media/a/b/c.jpg',
        status: 'Normal',
        fileSize: 1,
      },
    });
    expect(put.status).toBe(200);
    expect(put.body.data).toMatchObject({
      title: 'Renamed',
      tags: 'x',
      cateId: 3,
      coverUrl: '/vod-media/a/b/c.jpg',
      status: 'Uploading',
      fileSize: 1000,
      fileName: 'lecture.mp4',
      videoId: 'edit-1',
      version: 1,
    });
    const stale = await s.call('PUT', '/video', { token: s.adminToken, body: { id: v.id, version: 0, title: 'Old' } });
    expect(stale.status).toBe(409);
  });

  it('retries only a failed video (409 naming the status otherwise)', async () => {
    const v = await create(s, 'video', video({ videoId: 'retry-1' }));
    const early = await s.call<Errors>('POST', `/video/${v.id}/retry`, { token: s.adminToken });
    expect(early.status).toBe(409);
    expect(early.body.data.errors[0]).toMatchObject({ path: 'status', code: 'one_of' });
    expect((await s.call('POST', '/video/999999/retry', { token: s.adminToken })).status).toBe(404);
  });

  it('refuses a duplicate videoId (409) and bad fields (400)', async () => {
    await create(s, 'video', video({ videoId: 'dup' }));
    const dup = await s.call<Errors>('POST', '/video', { token: s.adminToken, body: video({ videoId: 'dup' }) });
    expect(dup.status).toBe(409);
    expect(dup.body.data.errors[0]?.path).toBe('videoId');
    await expectInvalid(s, 'POST', '/video', video({ videoId: 'a b' }), 'videoId');
    await expectInvalid(s, 'POST', '/video', video({ fileSize: -1 }), 'fileSize');
    await expectInvalid(s, 'POST', '/video', video({ status: 'done' }), 'status');
    await expectInvalid(s, 'POST', '/video', video({ fileName: '' }), 'fileName');
  });

  it('moves status by the service id, audited', async () => {
    const v = await create(s, 'video', video({ videoId: 'done-1' }));
    expect(await setVideoStatus(s.services, 'done-1', 'Normal')).toBe(true);
    expect(await setVideoStatus(s.services, 'missing', 'Normal')).toBe(false);
    const page = await pageOf<Video>(s, 'video', { status: 'Normal' });
    expect(page.body.data.items.map((x) => [x.videoId, x.version])).toEqual([['done-1', 1]]);
    expect(await auditActions(s, 'video', v.id)).toEqual(['create', 'update']);
  });
});

describe('system', () => {
  it('/system/vod-resource counts videos, bytes and statuses', async () => {
    await create(s, 'video', video({ videoId: 'f-1', fileSize: 5, status: 'failed' }));
    const res = await s.call<VodResource>('GET', '/system/vod-resource', { token: s.adminToken });
    expect(res.body.data).toEqual({ count: 5, totalBytes: 4005, byStatus: { uploading: 3, normal: 1, failed: 1 } });
  });

  it('/system/info counts every resource', async () => {
    const res = await s.call<SystemInfo>('GET', '/system/info', { token: s.adminToken });
    const names = Object.keys(res.body.data.counts).sort();
    expect(names).toEqual([...COUNTED].sort());
    expect(res.body.data.counts.video).toBe(5);
    expect(res.body.data.counts.staff).toBe(1);
  });

  it('/system/data/list gives one zero-filled day per entry, oldest first, today last', async () => {
    await create(s, 'users', { nickName: 'New', phone: '13500000000', status: 'active' });
    const res = await s.call<DataPoint[]>('GET', '/system/data/list?days=7', { token: s.adminToken });
    const days = res.body.data;
    expect(days).toHaveLength(7);
    const today = new Date().toISOString().slice(0, 10);
    expect(days[6]).toEqual({ date: today, newUsers: 1, applies: 0, uploads: 5 });
    expect(days.slice(0, 6).every((d) => d.newUsers === 0 && d.uploads === 0)).toBe(true);
    expect([...days.map((d) => d.date)].sort()).toEqual(days.map((d) => d.date));
    expect((await s.call<DataPoint[]>('GET', '/system/data/list', { token: s.adminToken })).body.data).toHaveLength(30);
    // Yesterday's rows land on yesterday.
    const yesterday = new Date(Date.now() - 86_400_000).toISOString();
    await s.db.updateTable('reader').set({ created_at: yesterday }).where('phone', '=', '13500000000').execute();
    const moved = (await s.call<DataPoint[]>('GET', '/system/data/list?days=2', { token: s.adminToken })).body.data;
    expect(moved.map((d) => d.newUsers)).toEqual([1, 0]);
  });

  it('/system/data/list refuses days outside 1..365', async () => {
    for (const q of ['0', '366', 'abc', '1.5', '-3']) {
      const res = await s.call<Errors>('GET', `/system/data/list?days=${q}`, { token: s.adminToken });
      expect(res.status, q).toBe(400);
      expect(res.body.data.errors[0]?.path).toBe('days');
    }
  });
});
