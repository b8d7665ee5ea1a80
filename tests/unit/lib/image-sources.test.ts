import { describe, expect, it } from 'vitest';
import { imageSources, snapImageWidth } from '../../../src/contract/image-variants';

const URL = '/prod-api/files/images/0123456789abcdef0123456789abcdef.jpg';

describe('imageSources: the smallest copy that fills a box', () => {
  it('a 32 px cover asks for the 160 px copy only, at any density up to 3×', () => {
    expect(imageSources(URL, 32)).toEqual({ src: `${URL}?w=160`, srcSet: `${URL}?w=160 160w`, sizes: '32px' });
  });

  it('a 160 px thumbnail offers 160, 320 and 640 (3×), 160 by default', () => {
    expect(imageSources(URL, 160)).toEqual({
      src: `${URL}?w=160`,
      srcSet: `${URL}?w=160 160w, ${URL}?w=320 320w, ${URL}?w=640 640w`,
      sizes: '160px',
    });
  });

  it('a box wider than the largest copy stops at 2048', () => {
    const { srcSet } = imageSources(URL, 1200);
    expect(srcSet?.split(', ').at(-1)).toBe(`${URL}?w=2048 2048w`);
  });

  it('addresses that are not library images are left as they are', () => {
    for (const other of ['https://example.org/cover.jpg', '/prod-api/files/images/x.jpg', 'data:image/png;base64,AA'])
      expect(imageSources(other, 32)).toEqual({ src: other });
  });

  it('snaps up to the next width, null past the largest', () => {
    expect([1, 160, 161, 2048, 2049].map(snapImageWidth)).toEqual([160, 160, 320, 2048, null]);
  });
});
