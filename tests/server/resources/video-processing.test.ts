import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import RPCClient from '@alicloud/pop-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ChangeEvent } from '../../../src/contract/events';
import type { Video } from '../../../src/resources/video/schema';
import { makeClip } from '../../fixtures/video-clip';
import { pageOf } from '../helpers/crud';
import { openStream } from '../helpers/sse';
import { testServerForFile } from '../helpers/test-server';
import { type Credential, credential, rpc, type Ticket, uploadTarget } from '../vod/helpers';

const s = testServerForFile();
let cred: Credential;
let clip: Buffer;

beforeAll(async () => {
  cred = await credential(s);
  const file = join(s.dir, 'clip.mp4');
  await makeClip(file, { seconds: 2, width: 320, height: 240 });
  clip = await readFile(file);
}, 60_000);

/** The official RPC client (Alibaba Cloud's @alicloud/pop-core), with the console's temporary credential. */
const official = () =>
  new RPCClient({
    endpoint: cred.vodEndpoint,
    apiVersion: '2017-03-21',
    accessKeyId: cred.accessKeyId,
    accessKeySecret: cred.accessKeySecret,
    securityToken: cred.securityToken,
  });

/** A video created with the official client (no FileSize: optional) and its bytes PUT with ali-oss. */
async function upload(bytes: Buffer, title: string): Promise<string> {
  const t = await official().request<Ticket>(
    'CreateUploadVideo',
    { Title: title, FileName: `${title}.mp4` },
    {
      method: 'POST',
    },
  );
  const { address, client } = uploadTarget(t);
  await client.put(address.FileName, bytes);
  return t.VideoId;
}

const record = async (videoId: string) =>
  (await pageOf<Video>(s, 'video', { keyword: videoId })).body.data.items[0] as Video;

/** Polls the record until its status is one of `done`; fails with the last record after `ms`. */
async function until(videoId: string, done: Video['status'][], ms = 90_000): Promise<Video> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await record(videoId);
    if (done.includes(v.status)) return v;
    if (Date.now() > end) throw new Error(`still ${v.status} after ${ms} ms: ${JSON.stringify(v)}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

describe('processing a real video', () => {
  it('goes from upload to Normal: probe, snapshots as cover, HLS whose every segment fetches', async () => {
    const live = await openStream(s.url, { token: s.adminToken });
    const videoId = await upload(clip, 'testsrc');
    const v = await until(videoId, ['Normal', 'TranscodeFail']);
    // Each status change reached the open console as a change of the record, the last at its version.
    const changes = async () =>
      live.events
        .filter((e) => e.event === 'change' && (e.data as ChangeEvent).resource === 'video')
        .map((e) => (e.data as ChangeEvent).version);
    await live.next((e) => e.event === 'change' && (e.data as ChangeEvent).version === v.version);
    // UploadSucc (unless the job started first), Transcoding, Normal: at least the last two.
    expect(await changes()).toEqual(expect.arrayContaining([v.version - 1, v.version]));
    live.close();
    expect(v).toMatchObject({ status: 'Normal', width: 320, height: 240, failReason: null, fileSize: clip.length });
    expect(v.duration).toBeCloseTo(2, 0);
    expect(v.snapshots).toHaveLength(4);
    expect(v.coverUrl).toBe(v.snapshots[0]);
    for (const url of v.snapshots) {
      const res = await fetch(`${s.url}${url}`);
      expect(res.headers.get('content-type')).toBe('image/jpeg');
      expect(res.headers.get('cache-control')).toContain('immutable');
      expect((await res.arrayBuffer()).byteLength).toBeGreaterThan(1000);
    }

    const info = await official().request<{ Video: Record<string, unknown> }>('GetVideoInfo', { VideoId: videoId });
    expect(info.Video).toMatchObject({
      VideoId: videoId,
      Title: 'testsrc',
      Status: 'Normal',
      Size: clip.length,
      CoverURL: v.coverUrl,
      Snapshots: { Snapshot: v.snapshots },
    });

    const play = await official().request<{
      VideoBase: Record<string, unknown>;
      PlayInfoList: {
        PlayInfo: { Format: string; PlayURL: string; Definition: string; Width: number; Height: number }[];
      };
    }>('GetPlayInfo', { VideoId: videoId });
    expect(play.VideoBase).toMatchObject({ VideoId: videoId, Status: 'Normal' });
    const streams = play.PlayInfoList.PlayInfo;
    // The master playlist, then the one rendition a 240-line source gets (none above its height).
    expect(streams.map((p) => [p.Format, p.Definition, p.Width, p.Height])).toEqual([
      ['m3u8', 'AUTO', 320, 240],
      ['m3u8', 'LD', 320, 240],
    ]);

    // Fetched at once, as the browser that asked would: the master, its playlists, every segment.
    const master = await fetch(`${s.url}${streams[0]?.PlayURL}`);
    expect(master.status).toBe(200);
    expect(master.headers.get('content-type')).toBe('application/vnd.apple.mpegurl');
    const base = new URL(`${s.url}${streams[0]?.PlayURL}`);
    const playlists = (await master.text()).split('\n').filter((l) => l && !l.startsWith('#'));
    expect(playlists).toEqual(['240p/index.m3u8']);
    let segments = 0;
    for (const p of playlists) {
      const url = new URL(p, base);
      const text = await (await fetch(url)).text();
      expect(text).toContain('#EXT-X-ENDLIST');
      for (const seg of text.split('\n').filter((l) => l && !l.startsWith('#'))) {
        const res = await fetch(new URL(seg, url));
        expect(res.status).toBe(200);
        expect(res.headers.get('content-type')).toBe('video/mp2t');
        expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
        const bytes = Buffer.from(await res.arrayBuffer());
        expect(bytes[0]).toBe(0x47); // MPEG-TS sync byte
        segments++;
      }
    }
    expect(segments).toBeGreaterThan(0);

    // Deleting the video removes what processing made.
    expect((await s.call('DELETE', `/video/${v.id}`, { token: s.adminToken })).status).toBe(200);
    expect((await fetch(`${s.url}${v.snapshots[0]}`)).status).toBe(404);
  }, 120_000);

  it('a file that is not a video ends TranscodeFail (not_a_video); GetPlayInfo says NoneStream; retry runs it again', async () => {
    const videoId = await upload(randomBytes(300 * 1024), 'noise');
    const v = await until(videoId, ['Normal', 'TranscodeFail']);
    expect(v).toMatchObject({ status: 'TranscodeFail', failReason: 'not_a_video', duration: null, snapshots: [] });
    const play = await rpc(cred, 'GetPlayInfo', { VideoId: videoId });
    expect([play.status, play.body.Code]).toEqual([403, 'InvalidVideo.NoneStream']);
    const info = await rpc<{ Video: { Status: string } }>(cred, 'GetVideoInfo', { VideoId: videoId });
    expect(info.body.Video.Status).toBe('TranscodeFail');

    const retried = await s.call<Video>('POST', `/video/${v.id}/retry`, { token: s.adminToken });
    expect(retried.status).toBe(200);
    expect(retried.body.data).toMatchObject({ status: 'UploadSucc', failReason: null });
    const again = await until(videoId, ['Normal', 'TranscodeFail']);
    expect(again).toMatchObject({ status: 'TranscodeFail', failReason: 'not_a_video' });
    // The service went on answering meanwhile.
    expect((await s.call('GET', '/auth/info', { token: s.adminToken })).status).toBe(200);
  }, 120_000);
});

describe('wire format (docs/api.md §5, §7)', () => {
  it('errors carry RequestId, HostId, Code and Message; an unknown video is InvalidVideo.NotFound', async () => {
    for (const action of ['GetVideoInfo', 'GetPlayInfo']) {
      const res = await rpc(cred, action, { VideoId: 'f'.repeat(32) });
      expect(res.status).toBe(404);
      expect(Object.keys(res.body).sort()).toEqual(['Code', 'HostId', 'Message', 'RequestId']);
      expect(res.body).toMatchObject({ Code: 'InvalidVideo.NotFound', HostId: new URL(s.url).host });
    }
    const err = await official()
      .request('GetVideoInfo', { VideoId: 'nope' })
      .catch((e: { code: string; data: Record<string, string> }) => e);
    expect(err).toMatchObject({ code: 'InvalidVideo.NotFound', data: { HostId: new URL(s.url).host } });
  });

  it('GetPlayInfo before the upload completes is NoneStream; GetVideoInfo says Uploading', async () => {
    const t = await rpc<Ticket>(cred, 'CreateUploadVideo', { Title: 'Later', FileName: 'later.mp4' });
    expect(t.status).toBe(200);
    expect((await record(t.body.VideoId)).fileSize).toBe(0);
    const play = await rpc(cred, 'GetPlayInfo', { VideoId: t.body.VideoId });
    expect([play.status, play.body.Code]).toEqual([403, 'InvalidVideo.NoneStream']);
    const info = await rpc<{ Video: { Status: string; Duration: number } }>(cred, 'GetVideoInfo', {
      VideoId: t.body.VideoId,
    });
    expect(info.body.Video).toMatchObject({ Status: 'Uploading', Duration: 0 });
  });

  it('CreateUploadImage answers FileURL with ImageURL (the official client)', async () => {
    const res = await official().request<{ ImageId: string; ImageURL: string; FileURL: string }>('CreateUploadImage', {
      ImageType: 'cover',
      ImageExt: 'jpg',
    });
    expect(res.FileURL).toBe(`${s.url}/lectern-media/image/${res.ImageId}.jpg`);
    expect(res.ImageURL).toBe(res.FileURL);
  });

  it('serves nothing outside the media folder', async () => {
    for (const path of [
      '/vod-media/..%2f..%2fetc/passwd',
      '/vod-media/x',
      '/vod-media/a/b/c.html',
      '/vod-media/a/../b.ts',
    ])
      expect((await fetch(`${s.url}${path}`)).status).toBe(404);
  });
});
