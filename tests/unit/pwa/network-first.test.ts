import { describe, expect, it } from 'vitest';
import { networkFirst } from '../../../src/pwa/network-first';

const resolveAfter = <T>(ms: number, value: T) => new Promise<T>((resolve) => setTimeout(() => resolve(value), ms));
const failAfter = (ms: number) =>
  new Promise<never>((_, reject) => setTimeout(() => reject(new TypeError('Failed to fetch')), ms));

describe('network first with a timeout', () => {
  it('answers from the network when it is in time', async () => {
    await expect(networkFirst(resolveAfter(5, 'fresh'), async () => 'cached', 200)).resolves.toBe('fresh');
  });

  it('answers from the cache when the network is slower than the timeout', async () => {
    const t0 = Date.now();
    await expect(networkFirst(resolveAfter(1000, 'fresh'), async () => 'cached', 50)).resolves.toBe('cached');
    expect(Date.now() - t0).toBeLessThan(900);
  });

  it('waits for a slow network when nothing is cached', async () => {
    await expect(networkFirst(resolveAfter(80, 'fresh'), async () => undefined, 20)).resolves.toBe('fresh');
  });

  it('falls back to the cache when the network fails, and fails only without one', async () => {
    await expect(networkFirst(failAfter(5), async () => 'cached', 200)).resolves.toBe('cached');
    await expect(networkFirst(failAfter(5), async () => undefined, 200)).rejects.toThrow('Failed to fetch');
  });
});
