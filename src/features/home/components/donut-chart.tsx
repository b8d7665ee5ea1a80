import { donutSegments } from '../chart-geometry';
import { cssColor } from './area-chart';

interface Props {
  cells: readonly { name: string; value: number; color: string }[];
  size: number;
  thickness: number;
  /** The number in the middle. */
  label: string;
  /** The accessible name: what the ring shows, in a sentence. */
  summary: string;
}

/**
 * A ring of shares in SVG (stroked circles), with a figure in the middle; an empty ring is grey.
 * Screen readers get it as an image named by `summary` (the legend beside it lists the values).
 */
export function DonutChart({ cells, size, thickness, label, summary }: Props) {
  const r = (size - thickness) / 2;
  const segments = donutSegments(
    cells.map((c) => c.value),
    r,
  );
  return (
    <svg width={size} height={size} viewBox={`0 0 ${size} ${size}`} role="img" aria-label={summary}>
      <circle
        cx={size / 2}
        cy={size / 2}
        r={r}
        style={{ fill: 'none', stroke: 'var(--mantine-color-gray-3)', strokeWidth: thickness }}
      />
      {/* From 12 o'clock, clockwise. */}
      <g transform={`rotate(-90 ${size / 2} ${size / 2})`}>
        {segments.map((s) => {
          const cell = cells[s.index];
          if (!cell) return null;
          return (
            <circle
              key={cell.name}
              cx={size / 2}
              cy={size / 2}
              r={r}
              strokeDasharray={s.dash}
              strokeDashoffset={s.offset}
              data-segment={cell.name}
              style={{ fill: 'none', stroke: cssColor(cell.color), strokeWidth: thickness }}
            >
              <title>{`${cell.name}: ${cell.value}`}</title>
            </circle>
          );
        })}
      </g>
      <text
        x="50%"
        y="50%"
        textAnchor="middle"
        dominantBaseline="central"
        fontSize={20}
        fontWeight={700}
        style={{ fill: 'var(--mantine-color-text)' }}
      >
        {label}
      </text>
    </svg>
  );
}
