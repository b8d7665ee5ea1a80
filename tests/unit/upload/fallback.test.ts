import { describe, expect, it } from 'vitest';
import { createUploadClient } from '../../../src/upload/client';
import type { UploadCommand, UploadEvent, UploadSnapshot } from '../../../src/upload/protocol';
import { initialQueue } from '../../../src/upload/queue';
import { canShareWorker } from '../../../src/upload/tabs';

/**
 * Without Web Locks (happy-dom has `navigator.locks === null`, as old Safari has none) the window
 * runs its own worker at once, as before the windows shared one, and asks before closing while it
 * uploads.
 */
class FakeWorker extends EventTarget {
  posted: UploadCommand[] = [];
  postMessage(c: UploadCommand) {
    this.posted.push(c);
  }
  emit(e: UploadEvent) {
    this.dispatchEvent(new MessageEvent('message', { data: e }));
  }
}

const uploading: UploadSnapshot = {
  ...initialQueue(),
  uploader: 'Start',
  items: [
    {
      id: 'a',
      key: 'upload_1_a.mp4_10',
      fileName: 'a.mp4',
      fileSize: 10,
      lastModified: 1,
      state: 'Uploading',
      videoInfo: { Title: 'a' },
      hasCover: false,
      videoId: null,
      loaded: 0,
      speed: 0,
      samples: [],
      waiting: null,
      resumed: false,
      batch: 1,
      error: null,
    },
  ],
};

const closing = () => {
  const e = new Event('beforeunload', { cancelable: true });
  window.dispatchEvent(e);
  return e.defaultPrevented;
};

describe('without Web Locks', () => {
  it('runs its own worker and asks before closing only while it uploads', () => {
    expect(canShareWorker()).toBe(false);
    const worker = new FakeWorker();
    const roles: string[] = [];
    createUploadClient({
      onEvent: () => undefined,
      getCredential: async () => Promise.reject(new Error('unused')),
      createWorker: () => worker as unknown as Worker,
      onRole: (r) => roles.push(r),
    });
    expect(roles).toEqual(['holder']);
    expect(worker.posted).toContainEqual({ type: 'hello' });
    expect(closing()).toBe(false);
    worker.emit({ type: 'snapshot', state: uploading });
    expect(closing()).toBe(true);
    worker.emit({ type: 'snapshot', state: { ...uploading, uploader: 'End', items: [] } });
    expect(closing()).toBe(false);
  });
});
