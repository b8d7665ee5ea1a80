import { describe, expect, it } from 'vitest';
import { consumeLaunch, type Launch, type LaunchDeps } from '../../../src/pwa/launch-queue';
import type { SharedEntry } from '../../../src/sw/protocol/shared-files';

/** A file handle as a launch gives it: the real File behind getFile(). */
const handle = (f: File) => ({ kind: 'file', getFile: async () => f });

function deps(here = '/web/book', base = '/') {
  const kept: SharedEntry[][] = [];
  const went: string[] = [];
  let arrived = 0;
  const d: LaunchDeps = {
    keep: async (entries) => {
      kept.push(entries);
    },
    go: (to) => went.push(to),
    here: () => here,
    base,
    arrived: () => {
      arrived++;
    },
  };
  return { d, kept, went, arrivals: () => arrived };
}

describe('the launch queue consumer', () => {
  it('keeps opened files the way a share is kept and opens the screen that takes them', async () => {
    const video = new File([new Uint8Array(2048)], 'Lecture 3.mkv');
    const { d, kept, went, arrivals } = deps();
    const to = await consumeLaunch({ files: [handle(video)], targetURL: 'http://x/web/video-upload' }, d);
    expect(to).toBe('/web/video-upload');
    expect(went).toEqual(['/web/video-upload']);
    expect(kept).toHaveLength(1);
    expect(kept[0]?.map((e) => [e.kind, e.type, e.via, e.file])).toEqual([
      ['video', 'video/x-matroska', 'launch', video],
    ]);
    expect(arrivals()).toBe(1);
  });

  it('sends images to the image library, and stays (but tells the screen) when already there', async () => {
    const png = new File([new Uint8Array(10)], 'cover.png', { type: 'image/png' });
    const elsewhere = deps();
    expect(await consumeLaunch({ files: [handle(png)] }, elsewhere.d)).toBe('/users/image');
    expect(elsewhere.went).toEqual(['/users/image']);
    const there = deps('/users/image');
    await consumeLaunch({ files: [handle(png)] }, there.d);
    expect(there.went).toEqual([]);
    expect(there.arrivals()).toBe(1);
  });

  it('skips directories and reports refused files through the same entries', async () => {
    const pdf = new File([new Uint8Array(10)], 'minutes.pdf', { type: 'application/pdf' });
    const dir = { kind: 'directory', getFile: async () => Promise.reject(new Error('a directory')) };
    const { d, kept } = deps();
    await consumeLaunch({ files: [dir, handle(pdf)] } as Launch, d);
    expect(kept[0]?.map((e) => [e.kind, e.reason, e.name])).toEqual([['refused', 'type', 'minutes.pdf']]);
  });

  it('moves a running window to a shortcut, but not to the start page or where it already is', async () => {
    const run = async (targetURL: string, here = '/web/book', base = '/') => {
      const { d, went } = deps(here, base);
      await consumeLaunch({ files: [], targetURL }, d);
      return went;
    };
    expect(await run('https://lectern.example/users/apply')).toEqual(['/users/apply']);
    expect(await run('https://lectern.example/panda/users/online', '/web/book', '/panda/')).toEqual(['/users/online']);
    expect(await run('https://lectern.example/')).toEqual([]);
    expect(await run('https://lectern.example/web/book')).toEqual([]);
    expect(await run('https://lectern.example/elsewhere', '/web/book', '/panda/')).toEqual([]);
  });
});
