import { describe, expect, it } from 'vitest';
import { linksFormSchema, toLinksBody, toLinksFormValues } from '../../../../src/resources/about/model';
import { urlListUpdateSchema } from '../../../../src/resources/about/schema';

const saved = [
  { id: 7, name: 'Catalogue', url: 'https://lectern.example/c', sort: 0 },
  { id: 9, name: 'Call us', url: 'tel:+862155550100', sort: 1 },
];

describe('toLinksBody', () => {
  it('numbers rows by position and drops the editor keys, so the strict contract accepts it', () => {
    const values = toLinksFormValues(saved);
    const reversed = { links: [...values.links].reverse() };
    const body = toLinksBody(reversed);
    expect(body).toEqual([
      { name: 'Call us', url: 'tel:+862155550100', sort: 0 },
      { name: 'Catalogue', url: 'https://lectern.example/c', sort: 1 },
    ]);
    expect(urlListUpdateSchema.safeParse(body).success).toBe(true);
  });

  it('gives each row a distinct key', () => {
    const { links } = toLinksFormValues(saved);
    expect(new Set(links.map((l) => l.key)).size).toBe(2);
  });
});

describe('linksFormSchema', () => {
  it.each([
    ['https://a.example', true],
    ['http://a.example/x', true],
    ['mailto:hi@a.example', true],
    ['tel:+8621', true],
    ['ftp://a.example', false],
    ['javascript:alert(1)', false],
    ['https:nohost', false],
    ['', false],
  ])('%s is %s', (url, ok) => {
    const result = linksFormSchema.safeParse({ links: toLinksBody({ links: [{ key: 'k', name: 'Link', url }] }) });
    expect(result.success).toBe(ok);
    if (!ok) expect(result.error?.issues[0]?.path).toEqual(['links', 0, 'url']);
  });
});
