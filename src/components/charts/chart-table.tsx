import { VisuallyHidden } from '@mantine/core';
import type { ReactNode } from 'react';

interface Props {
  caption: string;
  /** The first column's heading: what the rows are (the x axis). */
  xHeading: string;
  /** One column per value a row has. */
  columns: readonly { key: string; label: string }[];
  /** One per point of the x axis: its name, then its values in the columns' order. */
  rows: readonly { key: string; name: string; values: readonly ReactNode[] }[];
}

/**
 * A chart's values as a table, for screen readers only: the chart itself is an image named by a
 * sentence, and the table reads out what it draws.
 */
export function ChartTable({ caption, xHeading, columns, rows }: Props) {
  return (
    <VisuallyHidden>
      <table>
        <caption>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">{xHeading}</th>
            {columns.map((c) => (
              <th key={c.key} scope="col">
                {c.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.key}>
              <th scope="row">{r.name}</th>
              {columns.map((c, i) => (
                <td key={c.key}>{r.values[i]}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </VisuallyHidden>
  );
}
