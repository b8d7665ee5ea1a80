import { type Plot, yAt } from './chart-geometry';

interface Props {
  plot: Plot;
  /** The axis's steps (niceTicks), the last one the plot's yMax. */
  ticks: readonly number[];
  fontSize: number;
  /** The numbers in the user's language; absent: as they are. */
  format?: (n: number) => string;
}

/** A chart's y axis in SVG: a line across the plot at every step (dashed but for 0), its number left of it. */
export function YAxis({ plot, ticks, fontSize, format }: Props) {
  return (
    <g fontSize={fontSize} style={{ fill: 'var(--mantine-color-dimmed)' }}>
      {ticks.map((v) => (
        <g key={v}>
          <line
            x1={plot.left}
            x2={plot.right}
            y1={yAt(plot, v)}
            y2={yAt(plot, v)}
            style={{ stroke: 'var(--mantine-color-default-border)' }}
            strokeDasharray={v === 0 ? undefined : '3 3'}
          />
          <text x={plot.left - 6} y={yAt(plot, v)} textAnchor="end" dominantBaseline="middle">
            {format ? format(v) : v}
          </text>
        </g>
      ))}
    </g>
  );
}
