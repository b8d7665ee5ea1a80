import { describe, expect, it } from 'vitest';
import { formatBytes } from '../../../../src/components/format';
import { absoluteUrl, imageSearchSchema, tooLarge } from '../../../../src/resources/image/model';
import { IMAGE_MAX_BYTES } from '../../../../src/resources/image/schema';

describe('formatBytes', () => {
  it.each([
    [0, '0 B'],
    [70, '70 B'],
    [1536, '1.5 KiB'],
    [10 * 1024, '10 KiB'],
    [5 * 1024 * 1024, '5 MiB'],
    [3.25 * 1024 ** 3, '3.3 GiB'],
  ])('%d → %s', (bytes, expected) => {
    expect(formatBytes(bytes, 'en')).toBe(expected);
  });
});

describe('images model', () => {
  it('refuses files over 5 MiB before sending', () => {
    expect(tooLarge({ size: IMAGE_MAX_BYTES })).toBe(false);
    expect(tooLarge({ size: IMAGE_MAX_BYTES + 1 })).toBe(true);
  });

  it('hands out absolute URLs', () => {
    expect(absoluteUrl('/prod-api/files/images/a.png', 'http://x.test:8080')).toBe(
      'http://x.test:8080/prod-api/files/images/a.png',
    );
    expect(absoluteUrl('https://cdn.test/a.png', 'http://x.test')).toBe('https://cdn.test/a.png');
  });

  it('keeps the mime filter and the image sorts', () => {
    expect(imageSearchSchema.read({ mime: 'image/png', sort: 'size', order: 'desc' })).toMatchObject({
      mime: 'image/png',
      sort: 'size',
      order: 'desc',
    });
    expect(imageSearchSchema.read({ mime: 'text/html' }).mime).toBeUndefined();
  });
});
