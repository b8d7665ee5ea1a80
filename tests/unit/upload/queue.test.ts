import { describe, expect, it } from 'vitest';
import type { ItemState, UploaderState, UploadItem, UploadSnapshot } from '../../../src/upload/protocol';
import { initialQueue, NEXT_DELAY_MS, overall, type QueueAction, reduce, timeLeft } from '../../../src/upload/queue';

function item(id: string, state: ItemState, extra: Partial<UploadItem> = {}): UploadItem {
  return {
    id,
    key: `upload_1_${id}.mp4_100`,
    fileName: `${id}.mp4`,
    fileSize: 100,
    lastModified: 1,
    state,
    videoInfo: { Title: id },
    hasCover: false,
    videoId: null,
    loaded: 0,
    speed: 0,
    samples: [],
    batch: 1,
    waiting: null,
    resumed: false,
    error: null,
    ...extra,
  };
}

function queue(uploader: UploaderState, items: UploadItem[], extra: Partial<UploadSnapshot> = {}): UploadSnapshot {
  return { ...initialQueue(), uploader, items, ...extra };
}

const states = (s: UploadSnapshot) => s.items.map((i) => `${i.id}:${i.state}`).join(' ');
const effects = (s: UploadSnapshot, a: QueueAction) => reduce(s, a).effects.map((e) => e.type);

describe('queue: transitions of docs/product.md §4', () => {
  it.each<[string, UploadSnapshot, QueueAction, UploaderState, string, string[]]>([
    [
      'start picks the first Ready in list order',
      queue('Init', [item('a', 'Ready'), item('b', 'Ready')]),
      { type: 'start' },
      'Start',
      'a:Uploading b:Ready',
      ['upload'],
    ],
    [
      'start skips non-Ready items',
      queue('Init', [item('a', 'Success'), item('b', 'Canceled'), item('c', 'Ready')]),
      { type: 'start' },
      'Start',
      'a:Success b:Canceled c:Uploading',
      ['upload'],
    ],
    [
      'start turns Failure and Stoped back to Ready',
      queue('Stop', [item('a', 'Failure'), item('b', 'Stoped'), item('c', 'Canceled')]),
      { type: 'start' },
      'Start',
      'a:Uploading b:Ready c:Canceled',
      ['upload'],
    ],
    ['start with nothing to do ends', queue('Init', [item('a', 'Success')]), { type: 'start' }, 'End', 'a:Success', []],
    [
      'start of one Stoped item while running queues it',
      queue('Start', [item('a', 'Uploading'), item('b', 'Stoped')]),
      { type: 'start', ids: ['b'] },
      'Start',
      'a:Uploading b:Ready',
      [],
    ],
    [
      'start of one Failure item after the end uploads it',
      queue('End', [item('a', 'Failure')]),
      { type: 'start', ids: ['a'] },
      'Start',
      'a:Uploading',
      ['upload'],
    ],
    [
      'success moves on after 100 ms',
      queue('Start', [item('a', 'Uploading'), item('b', 'Ready')]),
      { type: 'succeeded', id: 'a' },
      'Start',
      'a:Success b:Ready',
      ['schedule-next'],
    ],
    [
      'failure moves on after 100 ms',
      queue('Start', [item('a', 'Uploading'), item('b', 'Ready')]),
      { type: 'failed', id: 'a', error: { code: 'InvalidPart', message: 'x' } },
      'Failure',
      'a:Failure b:Ready',
      ['schedule-next'],
    ],
    [
      'next after a success starts the next Ready',
      queue('Start', [item('a', 'Success'), item('b', 'Ready')]),
      { type: 'next' },
      'Start',
      'a:Success b:Uploading',
      ['upload'],
    ],
    [
      'next after a failure starts the next Ready',
      queue('Failure', [item('a', 'Failure'), item('b', 'Ready')]),
      { type: 'next' },
      'Start',
      'a:Failure b:Uploading',
      ['upload'],
    ],
    ['next with nothing Ready ends', queue('Start', [item('a', 'Success')]), { type: 'next' }, 'End', 'a:Success', []],
    ['next while stopped does nothing', queue('Stop', [item('a', 'Ready')]), { type: 'next' }, 'Stop', 'a:Ready', []],
    [
      'stop turns the uploading item Stoped',
      queue('Start', [item('a', 'Uploading'), item('b', 'Ready')]),
      { type: 'stop' },
      'Stop',
      'a:Stoped b:Ready',
      ['halt'],
    ],
    [
      'stop of one uploading item moves on',
      queue('Start', [item('a', 'Uploading'), item('b', 'Ready')]),
      { type: 'stop', ids: ['a'] },
      'Start',
      'a:Stoped b:Ready',
      ['halt', 'schedule-next'],
    ],
    [
      'stop of one Ready item keeps it from being picked',
      queue('Start', [item('a', 'Uploading'), item('b', 'Ready')]),
      { type: 'stop', ids: ['b'] },
      'Start',
      'a:Uploading b:Stoped',
      [],
    ],
    [
      'cancel of the uploading item',
      queue('Start', [item('a', 'Uploading'), item('b', 'Ready')]),
      { type: 'cancel', id: 'a' },
      'Start',
      'a:Canceled b:Ready',
      ['halt', 'schedule-next'],
    ],
    [
      'cancel of a Ready item',
      queue('Start', [item('a', 'Uploading'), item('b', 'Ready')]),
      { type: 'cancel', id: 'b' },
      'Start',
      'a:Uploading b:Canceled',
      [],
    ],
    [
      'cancel of a Stoped item',
      queue('Stop', [item('a', 'Stoped')]),
      { type: 'cancel', id: 'a' },
      'Stop',
      'a:Canceled',
      [],
    ],
    [
      'resume turns Canceled back to Ready (stopped uploader)',
      queue('Stop', [item('a', 'Canceled')]),
      { type: 'resume', id: 'a' },
      'Stop',
      'a:Ready',
      [],
    ],
    [
      'resume turns Canceled back to Ready and picks it when idle',
      queue('Start', [item('a', 'Canceled')]),
      { type: 'resume', id: 'a' },
      'Start',
      'a:Uploading',
      ['upload'],
    ],
    [
      'delete removes the item and its checkpoint',
      queue('Start', [item('a', 'Uploading'), item('b', 'Ready')]),
      { type: 'delete', id: 'a' },
      'Start',
      'b:Ready',
      ['discard', 'schedule-next'],
    ],
    [
      'clean empties the list',
      queue('Start', [item('a', 'Uploading'), item('b', 'Success')]),
      { type: 'clean' },
      'Init',
      '',
      ['discard'],
    ],
    [
      'an expired credential pauses in Expire',
      queue('Start', [item('a', 'Uploading')]),
      { type: 'expired', id: 'a' },
      'Expire',
      'a:Uploading',
      ['renew-credential'],
    ],
    [
      'a new token resumes the paused item',
      queue('Expire', [item('a', 'Uploading', { waiting: 'credential' })]),
      { type: 'credential-renewed' },
      'Start',
      'a:Uploading',
      ['upload'],
    ],
    [
      'no new token fails the paused item',
      queue('Expire', [item('a', 'Uploading', { waiting: 'credential' })]),
      { type: 'credential-failed', message: '' },
      'Failure',
      'a:Failure',
      ['error', 'schedule-next'],
    ],
    [
      'offline pauses the uploading item, not Failure',
      queue('Start', [item('a', 'Uploading'), item('b', 'Ready')]),
      { type: 'set-online', online: false },
      'Start',
      'a:Uploading b:Ready',
      ['halt'],
    ],
    [
      'online resumes the paused item',
      queue('Start', [item('a', 'Uploading', { waiting: 'network' })], { online: false }),
      { type: 'set-online', online: true },
      'Start',
      'a:Uploading',
      ['upload'],
    ],
    [
      'online starts the next Ready when idle',
      queue('Start', [item('a', 'Ready')], { online: false }),
      { type: 'set-online', online: true },
      'Start',
      'a:Uploading',
      ['upload'],
    ],
  ])('%s', (_, s, action, uploader, after, fx) => {
    const r = reduce(s, action);
    expect(r.state.uploader).toBe(uploader);
    expect(states(r.state)).toBe(after);
    expect(r.effects.map((e) => e.type)).toEqual(fx);
  });

  it('schedules the next item exactly 100 ms after a success', () => {
    const r = reduce(queue('Start', [item('a', 'Uploading')]), { type: 'succeeded', id: 'a' });
    expect(r.effects).toEqual([{ type: 'schedule-next', delayMs: NEXT_DELAY_MS }]);
    expect(NEXT_DELAY_MS).toBe(100);
  });

  it('offline keeps Ready items waiting and marks the paused one "waiting for network"', () => {
    const s = reduce(queue('Start', [item('a', 'Uploading')]), { type: 'set-online', online: false }).state;
    expect(s.items[0]?.waiting).toBe('network');
    expect(reduce(s, { type: 'next' }).effects).toEqual([]);
  });

  it('an unreachable server: the item waits "reconnecting" (still Uploading), and the next stored part ends the wait', () => {
    const s = reduce(queue('Start', [item('a', 'Uploading', { speed: 5 })]), { type: 'reconnecting', id: 'a' }).state;
    expect(s.items[0]).toMatchObject({ state: 'Uploading', waiting: 'server', speed: 0 });
    expect(s.uploader).toBe('Start');
    const back = reduce(s, { type: 'progress', id: 'a', loaded: 50, at: 1000 }).state;
    expect(back.items[0]).toMatchObject({ state: 'Uploading', waiting: null, loaded: 50 });
    // Only an uploading item can wait for the server.
    const done = queue('Start', [item('b', 'Success')]);
    expect(reduce(done, { type: 'reconnecting', id: 'b' }).state).toBe(done);
  });

  it('keeps a paused item paused when a late failure is not its own', () => {
    const s = queue('Stop', [item('a', 'Stoped')]);
    expect(reduce(s, { type: 'failed', id: 'a', error: { code: 'X', message: 'late' } }).state).toBe(s);
    expect(reduce(s, { type: 'succeeded', id: 'a' }).state).toBe(s);
  });
});

describe('queue: refusals', () => {
  it.each<[string, UploadSnapshot, QueueAction, string]>([
    [
      'a zero-byte file',
      queue('Init', []),
      { type: 'add', files: [{ id: 'z', key: 'k0', fileName: 'z.mp4', fileSize: 0, lastModified: 1 }] },
      'EmptyFile',
    ],
    [
      'a file already in the list',
      queue('Init', [item('a', 'Ready')]),
      {
        type: 'add',
        files: [{ id: 'a2', key: 'upload_1_a.mp4_100', fileName: 'a.mp4', fileSize: 100, lastModified: 1 }],
      },
      'FileDuplication',
    ],
    ['a duplicate start', queue('Start', [item('a', 'Uploading')]), { type: 'start' }, 'UploadAlearyStarted'],
    [
      'a start while waiting for a token',
      queue('Expire', [item('a', 'Uploading')]),
      { type: 'start' },
      'UploadAlearyStarted',
    ],
    [
      'a start of the uploading item',
      queue('Start', [item('a', 'Uploading')]),
      { type: 'start', ids: ['a'] },
      'UploadAlearyStarted',
    ],
    [
      'an empty title',
      queue('Init', [item('a', 'Ready')]),
      { type: 'update-info', id: 'a', videoInfo: { Title: ' ' }, hasCover: false },
      'InvalidParameter.EmptyValue',
    ],
  ])('refuses %s', (_, s, action, code) => {
    const r = reduce(s, action);
    expect(r.effects).toContainEqual(expect.objectContaining({ type: 'error', code }));
    expect(r.state.items).toEqual(s.items);
    expect(r.state.uploader).toBe(s.uploader);
  });

  it('adds the rest of a batch around a refused file, once each', () => {
    const f = (id: string, size: number) => ({
      id,
      key: `k-${id}`,
      fileName: `${id}.mp4`,
      fileSize: size,
      lastModified: 1,
    });
    const r = reduce(queue('Init', []), { type: 'add', files: [f('a', 10), f('e', 0), f('a', 10), f('b', 5)] });
    expect(states(r.state)).toBe('a:Ready b:Ready');
    expect(r.effects.map((e) => (e.type === 'error' ? e.code : e.type))).toEqual(['EmptyFile', 'FileDuplication']);
    expect(r.state.items[0]?.videoInfo.Title).toBe('a');
  });

  it.each<[ItemState, QueueAction['type']]>([
    ['Success', 'cancel'],
    ['Ready', 'resume'],
    ['Stoped', 'resume'],
    ['Success', 'update-info'],
    ['Uploading', 'update-info'],
  ])('leaves a %s item alone on %s', (state, type) => {
    const s = queue('Stop', [item('a', state)]);
    const action = (
      type === 'update-info' ? { type, id: 'a', videoInfo: { Title: 'x' }, hasCover: false } : { type, id: 'a' }
    ) as QueueAction;
    expect(reduce(s, action).state.items).toEqual(s.items);
  });
});

describe('queue: progress and checkpoints', () => {
  it('measures speed over the window of acknowledged bytes, follows the clock, and clears a wait', () => {
    let s = queue('Start', [item('a', 'Uploading', { fileSize: 10_000, waiting: 'network' })]);
    s = reduce(s, { type: 'progress', id: 'a', loaded: 1000, at: 1000 }).state;
    expect(s.items[0]?.waiting).toBeNull();
    expect(s.items[0]?.speed).toBe(0);
    s = reduce(s, { type: 'progress', id: 'a', loaded: 3000, at: 2000 }).state;
    expect(s.items[0]?.speed).toBe(2000);
    s = reduce(s, { type: 'progress', id: 'a', loaded: 4000, at: 3000 }).state;
    // 3000 bytes over the 2 s since the first sample.
    expect(s.items[0]?.speed).toBe(1500);
    expect(timeLeft(s.items[0] as UploadItem)).toBe(4);
    // A second passes without a report: the figure drops (3000 bytes over 3 s) …
    s = reduce(s, { type: 'tick', at: 4000 }).state;
    expect(s.items[0]?.speed).toBe(1000);
    // … and after a stall it is gone rather than stale.
    s = reduce(s, { type: 'tick', at: 9000 }).state;
    expect(s.items[0]?.speed).toBe(0);
    expect(timeLeft(s.items[0] as UploadItem)).toBeNull();
    // Ticks that change nothing return the same state (no snapshot is posted for them).
    expect(reduce(s, { type: 'tick', at: 9500 }).state).toBe(s);
  });

  it('matches an interrupted upload and drops it from the interrupted list', () => {
    const a = item('a', 'Ready');
    const s = queue('Init', [a], {
      interrupted: [
        {
          key: a.key,
          fileName: a.fileName,
          fileSize: 100,
          lastModified: 1,
          loaded: 40,
          videoId: 'v',
          state: 'Uploading',
          reopenable: false,
        },
      ],
    });
    const r = reduce(s, { type: 'matched', id: 'a', videoId: 'v', loaded: 40 });
    expect(r.state.items[0]).toMatchObject({ resumed: true, loaded: 40, videoId: 'v' });
    expect(r.state.interrupted).toEqual([]);
  });

  it('forgets an interrupted upload on request', () => {
    const s = queue('Init', [], {
      interrupted: [
        {
          key: 'k',
          fileName: 'f',
          fileSize: 1,
          lastModified: 1,
          loaded: 0,
          videoId: null,
          state: 'Uploading',
          reopenable: false,
        },
      ],
    });
    expect(effects(s, { type: 'forget-interrupted', key: 'k' })).toEqual(['forget']);
  });

  it('stops reporting progress once the user id is refused', () => {
    expect(reduce(queue('Start', []), { type: 'user-id-invalid' }).state.reportProgress).toBe(false);
  });

  it('sums overall progress over the batch still uploading, finished files included', () => {
    const o = overall([
      item('a', 'Uploading', { loaded: 50 }),
      item('b', 'Ready'),
      item('c', 'Success', { loaded: 100 }),
      item('old', 'Success', { loaded: 100, batch: 0 }),
      item('gone', 'Canceled', { loaded: 30 }),
    ]);
    expect(o).toEqual({ active: 2, loaded: 150, total: 300, ratio: 0.5 });
  });

  it('never shows overall progress going back when a file of the batch finishes', () => {
    let s = queue('Init', []);
    const file = (id: string) => ({
      id,
      key: `upload_1_${id}_100`,
      fileName: `${id}.mp4`,
      fileSize: 100,
      lastModified: 1,
    });
    s = reduce(s, { type: 'add', files: [file('a'), file('b'), file('c')] }).state;
    s = reduce(s, { type: 'start' }).state;
    s = reduce(s, { type: 'progress', id: 'a', loaded: 60, at: 1000 }).state;
    const before = overall(s.items).ratio;
    s = reduce(s, { type: 'succeeded', id: 'a' }).state;
    expect(overall(s.items).ratio).toBeGreaterThan(before);
    expect(overall(s.items).active).toBe(2);
    // A file added while the batch runs joins it; one added after everything finished starts anew.
    s = reduce(s, { type: 'add', files: [file('d')] }).state;
    expect(new Set(s.items.map((i) => i.batch)).size).toBe(1);
    s = { ...s, items: s.items.map((i) => ({ ...i, state: 'Success' as const, loaded: i.fileSize })) };
    s = reduce(s, { type: 'add', files: [file('e')] }).state;
    expect(overall(s.items)).toMatchObject({ active: 1, loaded: 0, total: 100, ratio: 0 });
  });
});
