import { i18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { I18nProvider } from '@lingui/react';
import { MantineProvider } from '@mantine/core';
import { useState } from 'react';
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import { beforeAll, describe, expect, it } from 'vitest';
import { useSelection } from '../../../src/components/resource/bulk/use-selection';
import { LIST_DEFAULTS } from '../../../src/components/resource/list/list-search';
import { ResourceTable } from '../../../src/components/resource/list/resource-table';
import type { ColumnDef } from '../../../src/components/resource/types';
import type { RecordMeta } from '../../../src/contract/common';
import { activateLocale } from '../../../src/lib/i18n';

type Book = RecordMeta & { title: string };

const books: Book[] = [1, 2, 3].map((id) => ({
  id,
  version: 1,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  title: `Book ${id}`,
}));

// Each cell drawn is counted: the rows' renders.
let cells = 0;
const columns: ColumnDef<Book>[] = [
  {
    key: 'title',
    label: msg`Title`,
    render: (b) => {
      cells += 1;
      return b.title;
    },
  },
];
const recordTitle = (b: Book) => b.title;
const onSort = () => undefined;

let setStale: (stale: boolean) => void = () => undefined;
let select: (ids: number[], on: boolean) => void = () => undefined;

function List() {
  const [stale, set] = useState(false);
  setStale = set;
  const selection = useSelection('page 1');
  select = selection.select;
  return (
    <ResourceTable
      columns={columns}
      rows={books}
      stale={stale}
      filtered={false}
      search={LIST_DEFAULTS}
      onSort={onSort}
      selected={selection.selected}
      onSelect={selection.select}
      recordTitle={recordTitle}
    />
  );
}

beforeAll(async () => {
  await activateLocale('en');
});

describe('the list table', () => {
  it('draws its rows again only when what they show changes, not for every render of the list', async () => {
    const container = document.createElement('div');
    document.body.append(container);
    const root = createRoot(container);
    flushSync(() =>
      root.render(
        <I18nProvider i18n={i18n}>
          <MantineProvider>
            <List />
          </MantineProvider>
        </I18nProvider>,
      ),
    );
    // The rows come from a deferred value: a render after the first.
    await expect.poll(() => container.querySelectorAll('[data-testid="resource-row"]').length).toBe(3);
    const drawn = cells;
    expect(drawn).toBeGreaterThanOrEqual(3);
    // The list renders again for something else (here: the previous request's rows dimmed).
    flushSync(() => setStale(true));
    await new Promise((r) => setTimeout(r, 50));
    expect(container.querySelector('table')?.getAttribute('aria-busy')).toBe('true');
    expect(cells).toBe(drawn);
    // A row selected: the rows show it.
    flushSync(() => select([2], true));
    await expect.poll(() => container.querySelector('[data-id="2"]')?.getAttribute('aria-selected')).toBe('true');
    expect(cells).toBeGreaterThan(drawn);
    root.unmount();
  });
});
