import { useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import { describe, expect, it } from 'vitest';
import { useFittedColumns } from '../../../src/components/resource/list/use-fitted-columns';

// Each measurement reads the table's cells: counting those reads counts the measurements (each one
// forces the table's layout, the cost this guards).
let reads = 0;
let rerender: (contents: string) => void = () => undefined;
let touch: () => void = () => undefined;

function Table() {
  const table = useRef<HTMLTableElement>(null);
  const [contents, setContents] = useState('page 1');
  const [, setTick] = useState(0);
  rerender = setContents;
  touch = () => setTick((n) => n + 1);
  useFittedColumns(table, [contents]);
  return (
    <table
      ref={(el) => {
        table.current = el;
        if (el && !('counted' in el)) {
          const read = el.querySelectorAll.bind(el);
          Object.assign(el, { counted: true });
          el.querySelectorAll = ((selector: string) => {
            if (selector === 'thead th') reads += 1;
            return read(selector);
          }) as typeof el.querySelectorAll;
        }
      }}
    >
      <thead>
        <tr>
          <th>Title</th>
        </tr>
      </thead>
      <tbody>
        <tr>
          <td>{contents}</td>
        </tr>
      </tbody>
    </table>
  );
}

describe('columns fitted to their cells', () => {
  it('measures when what the cells hold changes, not on every render, in the frame after the commit', async () => {
    const container = document.createElement('div');
    document.body.append(container);
    const root = createRoot(container);
    // The next frame: the measurement is its callback, not part of the commit.
    const frame = () => new Promise((resolve) => requestAnimationFrame(resolve));
    flushSync(() => root.render(<Table />));
    expect(reads).toBe(0);
    await frame();
    expect(reads).toBe(1);
    // A render that changes nothing the cells hold (a row selected, a hover state): no measurement.
    flushSync(() => touch());
    flushSync(() => touch());
    await frame();
    expect(reads).toBe(1);
    flushSync(() => rerender('page 2'));
    await frame();
    expect(reads).toBe(2);
    root.unmount();
  });
});
