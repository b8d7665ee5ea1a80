import { describe, expect, it } from 'vitest';
import { screenFilterNames, searchFilters } from '../../../src/components/resource/list/spec-search';
import { defineSpec, filterParams } from '../../../src/contract/resource-spec';
import { pageFilters } from '../../../src/contract/spec-schema';
import { applicationSpec } from '../../../src/resources/application/spec';
import { bookSearchSchema } from '../../../src/resources/book/model';
import { bookPageSchema } from '../../../src/resources/book/schema';
import { bookSpec } from '../../../src/resources/book/spec';

const spec = defineSpec({
  api: 'thing',
  roles: 'everyone',
  filters: {
    ownerId: { kind: 'ref', column: 'thing.owner_id' },
    state: { kind: 'enum', values: ['on', 'off'], column: 'thing.state' },
    visible: { kind: 'bool', column: 'thing.visible' },
    hidden: { kind: 'ref', column: 'thing.hidden_id', screen: false },
  },
});

describe('searchFilters', () => {
  const parsers = searchFilters(spec.filters);

  it.each([
    ['ownerId', '7', 7],
    ['ownerId', '0', undefined],
    ['ownerId', 'x', undefined],
    ['state', 'off', 'off'],
    ['state', 'gone', undefined],
    ['visible', 'false', false],
    ['visible', 'maybe', undefined],
  ] as const)('parses %s=%s from the URL as %s', (name, raw, expected) => {
    expect(parsers[name](raw)).toBe(expected);
  });

  it('leaves API-only filters off the screen', () => {
    expect(Object.keys(parsers)).toEqual(['ownerId', 'state', 'visible']);
    expect(screenFilterNames(spec.filters)).toEqual(['ownerId', 'state', 'visible']);
    expect(screenFilterNames(applicationSpec.filters)).toEqual(['status', 'createdFrom', 'createdTo']);
  });
});

describe('pageFilters', () => {
  const shape = pageFilters(spec.filters);

  it('accepts the values of each kind, and absence', () => {
    expect(shape.ownerId.parse(3)).toBe(3);
    expect(shape.state.parse('on')).toBe('on');
    expect(shape.visible.parse(true)).toBe(true);
    expect(shape.hidden.parse(undefined)).toBeUndefined();
  });

  it('refuses what the kind does not allow', () => {
    expect(shape.ownerId.safeParse(0).success).toBe(false);
    expect(shape.state.safeParse('gone').success).toBe(false);
    expect(shape.visible.safeParse('true').success).toBe(false);
  });
});

describe('the book spec', () => {
  it('is the one declaration behind the URL parser and the page schema', () => {
    const search = bookSearchSchema({ categoryId: '4', status: 'off_shelf', subclassId: 'x' } as never);
    expect(search).toMatchObject({ categoryId: 4, status: 'off_shelf' });
    expect(search).not.toHaveProperty('subclassId');
    for (const [name, f] of Object.entries(bookSpec.filters)) {
      for (const param of filterParams(name, f)) expect(bookPageSchema.shape).toHaveProperty(param);
    }
    expect(bookPageSchema.safeParse({ status: 'lost' }).success).toBe(false);
  });
});
