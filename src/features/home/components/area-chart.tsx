import { Box, Group, Paper, Text } from '@mantine/core';
import { useElementSize } from '@mantine/hooks';
import { useState } from 'react';
import { niceTicks, type Plot } from '../../../components/charts/chart-geometry';
import { ChartTable } from '../../../components/charts/chart-table';
import { useLabelWidths } from '../../../components/charts/use-label-widths';
import { YAxis } from '../../../components/charts/y-axis';
import { nearestIndex, seriesPaths, xAt, xLabels } from '../chart-geometry';

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
const FONT_SIZE = 11;
/** The least space between two x labels, so that two dates never read as one ("11月25日11月28日"). */
const LABEL_GAP = 12;

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
  const widths = useLabelWidths(
    points.map((p) => p.label),
    FONT_SIZE,
  );
  const xs = points.map((_, i) => xAt(plot, i, n));

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
          <YAxis plot={plot} ticks={ticks} fontSize={FONT_SIZE} />
          {/* The days named under the axis: as many as fit with room between them (chart-geometry.ts). */}
          <g fontSize={FONT_SIZE} style={{ fill: 'var(--mantine-color-dimmed)' }} data-testid="chart-x-labels">
            {/* None reaches left of the plot, under the y axis's numbers. */}
            {xLabels(xs, widths, LABEL_GAP, plot.left).map((l) => (
              <text key={l.index} x={l.x} y={height - 6} textAnchor={l.anchor}>
                {points[l.index]?.label}
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
      <ChartTable
        caption={caption}
        xHeading={xHeading}
        columns={series}
        rows={points.map((p) => ({ key: p.label, name: p.label, values: series.map((s) => p.values[s.key] ?? 0) }))}
      />
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

/**
 * The series' names under the chart; the same while loading, so nothing moves when data arrives.
 * A line clear of the days named on the axis above, whose tall Japanese glyphs it touched.
 */
export function Legend({ series }: { series: readonly AreaSeries[] }) {
  return (
    <Group gap="md" justify="center" mt="md" aria-hidden>
      {series.map((s) => (
        <Group key={s.key} gap={6} wrap="nowrap">
          <Swatch color={s.color} />
          <Text size="sm">{s.label}</Text>
        </Group>
      ))}
    </Group>
  );
}
