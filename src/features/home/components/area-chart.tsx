import { Box, Group, Paper, Text, VisuallyHidden } from '@mantine/core';
import { useElementSize } from '@mantine/hooks';
import { useState } from 'react';
import { labelIndexes, nearestIndex, niceTicks, type Plot, seriesPaths, xAt, yAt } from '../chart-geometry';

export interface AreaSeries {
  key: string;
  label: string;
  /** A Mantine colour ('violet.6'). */
  color: string;
}

interface Props {
  /** One point per x label, each with a value per series key. */
  points: readonly { label: string; values: Record<string, number> }[];
  series: readonly AreaSeries[];
  height: number;
  /** What the chart says, in a sentence: its accessible name. */
  summary: string;
  /** The data table's caption and first column heading (screen readers get the values as a table). */
  caption: string;
  xHeading: string;
}

export const cssColor = (c: string): string => `var(--mantine-color-${c.replace('.', '-')})`;

const AXIS_WIDTH = 36;
const X_LABELS = 22;

/**
 * Overlapping areas over a shared x axis, in SVG, drawn at the container's own width (so text is
 * never stretched): the y axis in round steps, x labels that fit, the values of the point under the
 * pointer. For screen readers it is an image named by `summary`, followed by the values as a table.
 */
export function AreaChart({ points, series, height, summary, caption, xHeading }: Props) {
  const { ref, width } = useElementSize();
  const [hover, setHover] = useState<number | null>(null);
  const max = Math.max(0, ...points.flatMap((p) => series.map((s) => p.values[s.key] ?? 0)));
  const ticks = niceTicks(max);
  const plot: Plot = {
    left: AXIS_WIDTH,
    right: Math.max(AXIS_WIDTH + 1, width - 8),
    top: 8,
    bottom: height - X_LABELS,
    yMax: ticks[ticks.length - 1] ?? 1,
  };
  const n = points.length;
  const shown = hover === null ? null : points[hover];

  return (
    <Box ref={ref} pos="relative" h={height}>
      {width > 0 && (
        <svg
          width={width}
          height={height}
          role="img"
          aria-label={summary}
          onPointerMove={(e) =>
            setHover(nearestIndex(plot, e.clientX - e.currentTarget.getBoundingClientRect().left, n))
          }
          onPointerLeave={() => setHover(null)}
          style={{ display: 'block', overflow: 'visible', touchAction: 'pan-y' }}
        >
          <g fontSize={11} style={{ fill: 'var(--mantine-color-dimmed)' }}>
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
                  {v}
                </text>
              </g>
            ))}
            {labelIndexes(n, plot.right - plot.left, 64).map((i) => (
              <text key={i} x={xAt(plot, i, n)} y={height - 6} textAnchor={i === n - 1 ? 'end' : 'middle'}>
                {points[i]?.label}
              </text>
            ))}
          </g>
          {series.map((s) => {
            const { line, area } = seriesPaths(
              plot,
              points.map((p) => p.values[s.key] ?? 0),
            );
            return (
              <g key={s.key} data-series={s.key}>
                <path d={area} style={{ fill: cssColor(s.color), fillOpacity: 0.2 }} />
                <path d={line} style={{ fill: 'none', stroke: cssColor(s.color), strokeWidth: 2 }} />
              </g>
            );
          })}
          {hover !== null && (
            <line
              x1={xAt(plot, hover, n)}
              x2={xAt(plot, hover, n)}
              y1={plot.top}
              y2={plot.bottom}
              style={{ stroke: 'var(--mantine-color-dimmed)' }}
            />
          )}
        </svg>
      )}
      {shown && hover !== null && (
        <Paper
          withBorder
          shadow="sm"
          p={6}
          pos="absolute"
          top={0}
          aria-hidden
          style={{
            pointerEvents: 'none',
            // Beside the line, on whichever side has room.
            ...(xAt(plot, hover, n) > width / 2
              ? { right: width - xAt(plot, hover, n) + 8 }
              : { left: xAt(plot, hover, n) + 8 }),
          }}
        >
          <Text size="xs" fw={600}>
            {shown.label}
          </Text>
          {series.map((s) => (
            <Group key={s.key} gap={6} wrap="nowrap">
              <Swatch color={s.color} />
              <Text size="xs">
                {s.label}: {shown.values[s.key] ?? 0}
              </Text>
            </Group>
          ))}
        </Paper>
      )}
      <VisuallyHidden>
        <table>
          <caption>{caption}</caption>
          <thead>
            <tr>
              <th scope="col">{xHeading}</th>
              {series.map((s) => (
                <th key={s.key} scope="col">
                  {s.label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {points.map((p) => (
              <tr key={p.label}>
                <th scope="row">{p.label}</th>
                {series.map((s) => (
                  <td key={s.key}>{p.values[s.key] ?? 0}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </VisuallyHidden>
    </Box>
  );
}

export function Swatch({ color }: { color: string }) {
  return (
    <span
      aria-hidden
      style={{ display: 'inline-block', width: 10, height: 10, borderRadius: 2, background: cssColor(color) }}
    />
  );
}

/** The series' names under the chart; the same while loading, so nothing moves when data arrives. */
export function Legend({ series }: { series: readonly AreaSeries[] }) {
  return (
    <Group gap="md" justify="center" mt="xs" aria-hidden>
      {series.map((s) => (
        <Group key={s.key} gap={6} wrap="nowrap">
          <Swatch color={s.color} />
          <Text size="sm">{s.label}</Text>
        </Group>
      ))}
    </Group>
  );
}
