import { describe, expect, it } from 'vitest';
import {
  cancelAllCommands,
  canStart,
  formatDuration,
  percent,
  resumeAllCommands,
} from '../../../src/features/video-upload/model';
import type { UploadCommand, UploadSnapshot } from '../../../src/upload/protocol';
import { initialQueue, type QueueAction, reduce } from '../../../src/upload/queue';

describe('video upload model', () => {
  it.each<[number | null, string | null]>([
    [null, null],
    [Number.POSITIVE_INFINITY, null],
    [0, '0:00'],
    [65, '1:05'],
    [3723, '1:02:03'],
    [0.2, '0:01'],
  ])('formats %s seconds left as %s', (s, out) => {
    expect(formatDuration(s)).toBe(out);
  });

  it.each([
    [0, 0, 0],
    [50, 200, 25],
    [200, 200, 100],
    [199, 200, 99],
  ])('shows %i of %i bytes as %i %%', (loaded, fileSize, p) => {
    expect(percent({ loaded, fileSize })).toBe(p);
  });
});

describe('stop/resume/cancel for all', () => {
  const ids = ['a', 'b', 'c', 'd'];
  /** Runs commands through the real reducer, as the worker would (effects ignored). */
  const apply = (s: UploadSnapshot, actions: (UploadCommand | QueueAction)[]) =>
    actions.reduce((state, c) => reduce(state, c as QueueAction).state, s);
  const queued = () =>
    reduce(initialQueue(true), {
      type: 'add',
      files: ids.map((id) => ({ id, key: `k${id}`, fileName: `${id}.mp4`, fileSize: 10, lastModified: 1 })),
    }).state;

  it('cancel all cancels every item that is not uploaded or canceled yet, the uploading one included', () => {
    let s = apply(queued(), [{ type: 'start' }]);
    expect(s.items.map((i) => i.state)).toEqual(['Uploading', 'Ready', 'Ready', 'Ready']);
    s = apply(s, cancelAllCommands(s.items));
    expect(s.items.map((i) => i.state)).toEqual(['Canceled', 'Canceled', 'Canceled', 'Canceled']);
    expect(cancelAllCommands(s.items)).toEqual([]);
  });

  it('resume all brings canceled, stopped and failed items back and starts the uploader', () => {
    let s = apply(queued(), [{ type: 'start' }]);
    s = reduce(s, { type: 'failed', id: 'a', error: { code: 'X', message: 'x' } }).state;
    s = apply(s, [{ type: 'next' }, { type: 'cancel', id: 'c' }, { type: 'stop' }]);
    expect(s.items.map((i) => i.state)).toEqual(['Failure', 'Stoped', 'Canceled', 'Ready']);
    expect(s.uploader).toBe('Stop');
    s = apply(s, resumeAllCommands(s.items, s.uploader));
    expect(s.items.map((i) => i.state)).toEqual(['Uploading', 'Ready', 'Ready', 'Ready']);
    expect(s.uploader).toBe('Start');
  });

  it('resume all while running restarts only the halted items, with no UploadAlearyStarted', () => {
    let s = apply(queued(), [{ type: 'start' }, { type: 'stop', ids: ['b'] }, { type: 'cancel', id: 'c' }]);
    const commands = resumeAllCommands(s.items, s.uploader);
    expect(commands).toEqual([
      { type: 'resume', id: 'c' },
      { type: 'start', ids: ['b'] },
    ]);
    const errors = commands.flatMap((c) => reduce(s, c as QueueAction).effects.filter((e) => e.type === 'error'));
    expect(errors).toEqual([]);
    s = apply(s, commands);
    expect(s.items.map((i) => i.state)).toEqual(['Uploading', 'Ready', 'Ready', 'Ready']);
  });

  it('offers Start only with something to start: not once every file is uploaded or canceled', () => {
    const s = queued();
    expect(canStart(s.items, s.uploader)).toBe(true);
    const as = (states: UploadSnapshot['items'][number]['state'][]) =>
      s.items.map((i, k) => ({ ...i, state: states[k] ?? 'Success' }));
    expect(canStart(as(['Success', 'Success', 'Canceled', 'Success']), 'Stop')).toBe(false);
    expect(canStart([], 'Stop')).toBe(false);
    expect(canStart(as(['Success', 'Stoped', 'Success', 'Success']), 'Stop')).toBe(true);
    expect(canStart(as(['Success', 'Failure', 'Success', 'Success']), 'Stop')).toBe(true);
    expect(canStart(s.items, 'Start')).toBe(false);
  });
});
