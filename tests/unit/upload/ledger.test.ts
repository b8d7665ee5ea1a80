import { describe, expect, it } from 'vitest';
import { askBeforeClosing, FileLedger, uploadRunning } from '../../../src/upload/ledger';
import { checkpointKey } from '../../../src/upload/limits';
import type { ItemState, NewFile, UploaderState, UploadItem, UploadSnapshot } from '../../../src/upload/protocol';
import { initialQueue, reduce } from '../../../src/upload/queue';

const file = (name: string, size = 100) => new File([new Uint8Array(size)], name, { lastModified: 1 });

function item(f: File, id: string, state: ItemState, extra: Partial<UploadItem> = {}): UploadItem {
  return {
    id,
    key: checkpointKey(f),
    fileName: f.name,
    fileSize: f.size,
    lastModified: f.lastModified,
    state,
    videoInfo: { Title: f.name },
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

const snap = (uploader: UploaderState, items: UploadItem[]): UploadSnapshot => ({ ...initialQueue(), uploader, items });
const names = (files: NewFile[]) => files.map((f) => f.file.name);
const addOf = (l: FileLedger) => {
  const [add] = l.takeover();
  return add?.type === 'add' ? add.files : [];
};

describe('FileLedger: the queue a waiting window keeps for a takeover', () => {
  it('gives the new worker the unfinished files, with their edited titles, and starts it', () => {
    const [a, b, c] = [file('a.mp4'), file('b.mp4'), file('c.mp4')];
    const l = new FileLedger();
    l.record({ type: 'add', files: [{ file: a }, { file: b }] });
    l.record({ type: 'add', files: [{ file: c }] });
    l.observe(
      snap('Start', [
        item(a, 'a1', 'Success'),
        item(b, 'b1', 'Uploading', { videoInfo: { Title: 'Bravo, edited' } }),
        item(c, 'c1', 'Ready'),
      ]),
    );
    const commands = l.takeover();
    expect(commands[0]).toEqual({
      type: 'add',
      files: [
        { file: b, videoInfo: { Title: 'Bravo, edited' } },
        { file: c, videoInfo: { Title: 'c.mp4' } },
      ],
    });
    // A start that does not send stopped files again (ids: none of them).
    expect(commands[1]).toEqual({ type: 'start', ids: [] });
    // The uploaded file was let go.
    expect(l.size).toBe(2);
  });

  it('keeps stopped and failed files stopped, leaves canceled ones out, and starts nothing idle', () => {
    const [a, b, c] = [file('a.mp4'), file('b.mp4'), file('c.mp4')];
    const l = new FileLedger();
    l.record({ type: 'add', files: [{ file: a }, { file: b }, { file: c }] });
    l.observe(snap('Stop', [item(a, 'a1', 'Stoped'), item(b, 'b1', 'Failure'), item(c, 'c1', 'Canceled')]));
    const commands = l.takeover();
    expect(commands).toHaveLength(1);
    const files = addOf(l);
    expect(names(files)).toEqual(['a.mp4', 'b.mp4']);
    expect(files.every((f) => f.stopped)).toBe(true);
  });

  it('forgets files deleted or cleared in the holder, keeps files not listed yet', () => {
    const [a, b, c] = [file('a.mp4'), file('b.mp4'), file('c.mp4')];
    const l = new FileLedger();
    l.record({ type: 'add', files: [{ file: a }, { file: b }] });
    l.observe(snap('Init', [item(a, 'a1', 'Ready'), item(b, 'b1', 'Ready')]));
    l.record({ type: 'add', files: [{ file: c }] });
    l.observe(snap('Init', [item(b, 'b1', 'Ready')]));
    expect(names(addOf(l))).toEqual(['b.mp4', 'c.mp4']);
    l.record({ type: 'clean' });
    expect(l.takeover()).toEqual([]);
  });

  it('skips empty files and duplicates, as the queue refuses them', () => {
    const l = new FileLedger();
    const a = file('a.mp4');
    l.record({ type: 'add', files: [{ file: file('empty.mp4', 0) }, { file: a }, { file: file('a.mp4') }] });
    expect(addOf(l).map((f) => f.file)).toEqual([a]);
  });

  it('keeps a cover chosen on a card, and its removal', () => {
    const a = file('a.mp4');
    const cover = file('cover.jpg');
    const l = new FileLedger();
    l.record({ type: 'add', files: [{ file: a }] });
    l.observe(snap('Init', [item(a, 'a1', 'Ready')]));
    l.record({ type: 'update-info', id: 'a1', videoInfo: { Title: 'A' }, cover });
    expect(addOf(l)[0]?.cover).toBe(cover);
    l.record({ type: 'update-info', id: 'a1', videoInfo: { Title: 'A' }, cover: null });
    expect(addOf(l)[0]?.cover).toBeUndefined();
  });
});

describe('the takeover queue', () => {
  it('queues a stopped file as Stoped; an empty start runs only the others', () => {
    const q = reduce(initialQueue(), {
      type: 'add',
      files: [
        { id: 'a', key: 'upload_1_a_1', fileName: 'a', fileSize: 1, lastModified: 1, stopped: true },
        { id: 'b', key: 'upload_1_b_1', fileName: 'b', fileSize: 1, lastModified: 1 },
      ],
    }).state;
    const started = reduce(q, { type: 'start', ids: [] });
    expect(started.state.items.map((i) => i.state)).toEqual(['Stoped', 'Uploading']);
    expect(started.effects).toEqual([{ type: 'upload', id: 'b' }]);
  });
});

describe('asking before the window closes', () => {
  const f = file('a.mp4');
  it.each<[string, UploadSnapshot, boolean]>([
    ['a file uploading', snap('Start', [item(f, 'a', 'Uploading')]), true],
    ['a file waiting for the network', snap('Start', [item(f, 'a', 'Uploading', { waiting: 'network' })]), true],
    ['between two files', snap('Start', [item(f, 'a', 'Success'), item(file('b.mp4'), 'b', 'Ready')]), true],
    ['files queued, not started', snap('Init', [item(f, 'a', 'Ready')]), false],
    ['everything uploaded', snap('End', [item(f, 'a', 'Success')]), false],
    ['stopped', snap('Stop', [item(f, 'a', 'Stoped')]), false],
  ])('%s: running %s', (_, s, running) => {
    expect(uploadRunning(s)).toBe(running);
    expect(askBeforeClosing(true, s, false)).toBe(running);
    // Another window waits for the worker, or this one does not hold it: never.
    expect(askBeforeClosing(true, s, true)).toBe(false);
    expect(askBeforeClosing(false, s, false)).toBe(false);
  });
});
