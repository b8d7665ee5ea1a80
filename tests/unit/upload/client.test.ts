import { describe, expect, it, vi } from 'vitest';
import { NetworkError } from '../../../src/lib/http';
import { createUploadClient } from '../../../src/upload/client';
import type { UploadCommand, UploadEvent, VodCredential } from '../../../src/upload/protocol';

class FakeWorker extends EventTarget {
  posted: UploadCommand[] = [];
  postMessage(c: UploadCommand) {
    this.posted.push(c);
  }
  emit(e: UploadEvent) {
    this.dispatchEvent(new MessageEvent('message', { data: e }));
  }
}

const credential = { accessKeyId: 'a' } as VodCredential;

function setup(getCredential: () => Promise<VodCredential>) {
  const worker = new FakeWorker();
  const events: UploadEvent[] = [];
  const client = createUploadClient({
    onEvent: (e) => events.push(e),
    getCredential,
    createWorker: () => worker as unknown as Worker,
  });
  return { worker, events, client };
}

describe('createUploadClient', () => {
  it('says hello with the network state, and forwards events', () => {
    const { worker, events } = setup(async () => credential);
    expect(worker.posted).toEqual([{ type: 'set-online', online: navigator.onLine }, { type: 'hello' }]);
    worker.emit({ type: 'log', level: 'info', message: '[upload] x' });
    expect(events).toHaveLength(1);
  });

  it('answers a credential request with the fetched credential', async () => {
    const { worker } = setup(async () => credential);
    worker.emit({ type: 'credential-needed' });
    await vi.waitFor(() => expect(worker.posted).toContainEqual({ type: 'credential', credential }));
  });

  it.each([
    // A refusal: the item fails with the server's message.
    ['reports a failed credential fetch to the worker', new Error('No such route'), false],
    // The server could not be reached at all: the worker waits rather than fails.
    ['tells the worker when the server could not be reached at all', new NetworkError('Failed to fetch'), true],
  ])('%s', async (_, error, unreachable) => {
    const { worker } = setup(async () => {
      throw error;
    });
    worker.emit({ type: 'credential-needed' });
    await vi.waitFor(() =>
      expect(worker.posted).toContainEqual({ type: 'credential-error', message: error.message, unreachable }),
    );
  });

  it('passes the window offline and online events on as hints', () => {
    const { worker } = setup(async () => credential);
    window.dispatchEvent(new Event('offline'));
    window.dispatchEvent(new Event('online'));
    expect(worker.posted.slice(-2)).toEqual([
      { type: 'set-online', online: false },
      { type: 'set-online', online: true },
    ]);
  });
});
