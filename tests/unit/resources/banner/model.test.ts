import { describe, expect, it } from 'vitest';
import { toPageBody } from '../../../../src/components/resource/list/list-search';
import { screenFilterNames } from '../../../../src/components/resource/list/spec-search';
import { bannerSearchSchema, toBannerFormValues } from '../../../../src/resources/banner/model';
import { bannerPageSchema, bannerUpdateSchema } from '../../../../src/resources/banner/schema';
import { bannerSpec } from '../../../../src/resources/banner/spec';

describe('bannerSearchSchema', () => {
  it.each([
    [true, true],
    ['true', true],
    [false, false],
    ['false', false],
    ['yes', undefined],
    [undefined, undefined],
  ])('reads enabled=%s as %s', (enabled, expected) => {
    expect(bannerSearchSchema.read({ enabled }).enabled).toBe(expected);
  });

  it('sends a real boolean in the page body, which the contract accepts', () => {
    const body = toPageBody(bannerSearchSchema.read({ enabled: 'false' }), screenFilterNames(bannerSpec.filters));
    expect(body).toMatchObject({ enabled: false });
    expect(bannerPageSchema.safeParse(body).success).toBe(true);
  });
});

describe('toBannerFormValues', () => {
  it('round-trips a banner without a link through the update schema', () => {
    const banner = {
      id: 1,
      version: 2,
      createdAt: '',
      updatedAt: '',
      title: 'Spring',
      imageUrl: '/prod-api/files/1.png',
      linkUrl: null,
      sort: 3,
      enabled: false,
    };
    const parsed = bannerUpdateSchema.parse({ ...toBannerFormValues(banner), id: 1, version: 2 });
    expect(parsed).toEqual({
      title: 'Spring',
      imageUrl: '/prod-api/files/1.png',
      sort: 3,
      enabled: false,
      id: 1,
      version: 2,
    });
  });
});
