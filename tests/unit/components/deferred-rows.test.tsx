import { memo, useState } from 'react';
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import { describe, expect, it } from 'vitest';
import { useDeferredRows } from '../../../src/components/resource/list/deferred-rows';

interface Row {
  id: number;
}

let renders = 0;
const Rows = memo(function Rows({ rows }: { rows: readonly Row[] | undefined }) {
  renders += 1;
  return <p>{rows ? rows.map((r) => r.id).join(',') : 'placeholder'}</p>;
});

let setRows: (rows: Row[] | undefined) => void = () => undefined;
function Table() {
  const [rows, set] = useState<Row[] | undefined>(undefined);
  setRows = set;
  return <Rows rows={useDeferredRows(rows)} />;
}

function mount() {
  const container = document.createElement('div');
  document.body.append(container);
  const root = createRoot(container);
  flushSync(() => root.render(<Table />));
  return { container, unmount: () => root.unmount() };
}

describe('rows rendered from a deferred value', () => {
  it('data arriving in a synchronous update (an external store) commits the rows in a later render', async () => {
    const { container, unmount } = mount();
    expect(container.textContent).toBe('placeholder');
    flushSync(() => setRows([{ id: 1 }, { id: 2 }]));
    // The urgent commit keeps what was on screen: the rows come in a background render.
    expect(container.textContent).toBe('placeholder');
    await expect.poll(() => container.textContent).toBe('1,2');
    unmount();
  });

  it('a new array of the same items keeps the rows as they are (no render of them at all)', async () => {
    const { container, unmount } = mount();
    const a = { id: 1 };
    const b = { id: 2 };
    flushSync(() => setRows([a, b]));
    await expect.poll(() => container.textContent).toBe('1,2');
    const before = renders;
    flushSync(() => setRows([a, b]));
    await new Promise((r) => setTimeout(r, 50));
    expect(renders).toBe(before);
    flushSync(() => setRows([b]));
    await expect.poll(() => container.textContent).toBe('2');
    unmount();
  });
});
