import { Box } from '@mantine/core';
import { useElementSize } from '@mantine/hooks';
import { niceTicks, type Plot, yAt } from '../../../components/charts/chart-geometry';
import { ChartTable } from '../../../components/charts/chart-table';
import { useLabelWidths } from '../../../components/charts/use-label-widths';
import { YAxis } from '../../../components/charts/y-axis';
import { labelStride, named } from '../chart-geometry';

export interface MonthBar {
  /** Under the bar ("Mar 24"). */
  label: string;
  /** In the table read out ("March 2024"). */
  name: string;
  value: number;
  /** The value as the page writes it, in the user's language. */
  text: string;
}

interface Props {
  bars: readonly MonthBar[];
  height: number;
  /** What the chart says, in a sentence: its accessible name. */
  summary: string;
  caption: string;
  xHeading: string;
  yHeading: string;
  /** Axis numbers in the user's language. */
  format: (n: number) => string;
}

const AXIS_WIDTH = 40;
const X_LABELS = 22;
const FONT_SIZE = 11;
const LABEL_GAP = 10;

/**
 * Loans per month as bars, in SVG at the container's own width (text never stretched), the y axis
 * in round steps and as many month names as fit. For screen readers an image named by `summary`,
 * then the values as a table (as Home's charts do).
 */
export function MonthChart({ bars, height, summary, caption, xHeading, yHeading, format }: Props) {
  const { ref, width } = useElementSize();
  const ticks = niceTicks(Math.max(0, ...bars.map((b) => b.value)));
  const left = AXIS_WIDTH;
  const widths = useLabelWidths(
    bars.map((b) => b.label),
    FONT_SIZE,
  );
  // Room on the right for half the last month's name, always drawn centred under its bar.
  const right = Math.max(left + 1, width - Math.max(4, (widths[widths.length - 1] ?? 0) / 2 - 8));
  const bottom = height - X_LABELS;
  const plot: Plot = { left, right, top: 8, bottom, yMax: ticks[ticks.length - 1] ?? 1 };
  const n = bars.length;
  const slot = (right - left) / Math.max(1, n);
  const barWidth = Math.max(1, Math.min(40, slot * 0.7));
  const y = (v: number) => yAt(plot, v);
  const stride = labelStride(widths, slot, LABEL_GAP);
  // A label centred under its bar, moved in rather than cut at either edge of the drawing.
  const labelX = (cx: number, i: number) => {
    const half = (widths[i] ?? 0) / 2;
    return Math.min(Math.max(cx, left + half), width - half);
  };

  return (
    <Box ref={ref} h={height} data-testid="loans-month-chart">
      {width > 0 && (
        <svg width={width} height={height} role="img" aria-label={summary} style={{ display: 'block' }}>
          <YAxis plot={plot} ticks={ticks} fontSize={FONT_SIZE} format={format} />
          {bars.map((b, i) => {
            const cx = left + slot * (i + 0.5);
            return (
              <g key={b.name} data-month={b.name}>
                <rect
                  x={cx - barWidth / 2}
                  y={y(b.value)}
                  width={barWidth}
                  height={Math.max(0, bottom - y(b.value))}
                  rx={2}
                  style={{ fill: 'var(--mantine-color-blue-6)' }}
                >
                  <title>{`${b.name}: ${b.text}`}</title>
                </rect>
                {named(i, n, stride) && (
                  <text
                    x={labelX(cx, i)}
                    y={height - 6}
                    textAnchor="middle"
                    fontSize={FONT_SIZE}
                    style={{ fill: 'var(--mantine-color-dimmed)' }}
                  >
                    {b.label}
                  </text>
                )}
              </g>
            );
          })}
        </svg>
      )}
      <ChartTable
        caption={caption}
        xHeading={xHeading}
        columns={[{ key: 'value', label: yHeading }]}
        rows={bars.map((b) => ({ key: b.name, name: b.name, values: [b.text] }))}
      />
    </Box>
  );
}
