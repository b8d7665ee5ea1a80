import { Box, VisuallyHidden } from '@mantine/core';
import { useElementSize } from '@mantine/hooks';
import { useMemo } from 'react';
import { labelStride, named, niceTicks } from '../chart-geometry';

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

/** Each label's width as the chart draws it (a canvas measures the page's font, as Home's chart does). */
function useLabelWidths(labels: readonly string[]): number[] {
  const key = labels.join('\n');
  // biome-ignore lint/correctness/useExhaustiveDependencies: the labels' text is what matters, not the array's identity
  return useMemo(() => {
    const ctx = typeof document === 'undefined' ? null : document.createElement('canvas').getContext('2d');
    if (!ctx) return labels.map((l) => l.length * FONT_SIZE);
    ctx.font = `${FONT_SIZE}px ${getComputedStyle(document.body).fontFamily}`;
    return labels.map((l) => ctx.measureText(l).width);
  }, [key]);
}

/**
 * Loans per month as bars, in SVG at the container's own width (text never stretched), the y axis
 * in round steps and as many month names as fit. For screen readers an image named by `summary`,
 * then the values as a table (as Home's charts do).
 */
export function MonthChart({ bars, height, summary, caption, xHeading, yHeading, format }: Props) {
  const { ref, width } = useElementSize();
  const ticks = niceTicks(Math.max(0, ...bars.map((b) => b.value)));
  const yMax = ticks[ticks.length - 1] ?? 1;
  const left = AXIS_WIDTH;
  const widths = useLabelWidths(bars.map((b) => b.label));
  // Room on the right for half the last month's name, always drawn centred under its bar.
  const right = Math.max(left + 1, width - Math.max(4, (widths[widths.length - 1] ?? 0) / 2 - 8));
  const top = 8;
  const bottom = height - X_LABELS;
  const n = bars.length;
  const slot = (right - left) / Math.max(1, n);
  const barWidth = Math.max(1, Math.min(40, slot * 0.7));
  const y = (v: number) => bottom - ((bottom - top) * Math.max(0, v)) / (yMax || 1);
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
          <g fontSize={FONT_SIZE} style={{ fill: 'var(--mantine-color-dimmed)' }}>
            {ticks.map((v) => (
              <g key={v}>
                <line
                  x1={left}
                  x2={right}
                  y1={y(v)}
                  y2={y(v)}
                  style={{ stroke: 'var(--mantine-color-default-border)' }}
                  strokeDasharray={v === 0 ? undefined : '3 3'}
                />
                <text x={left - 6} y={y(v)} textAnchor="end" dominantBaseline="middle">
                  {format(v)}
                </text>
              </g>
            ))}
          </g>
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
      <VisuallyHidden>
        <table>
          <caption>{caption}</caption>
          <thead>
            <tr>
              <th scope="col">{xHeading}</th>
              <th scope="col">{yHeading}</th>
            </tr>
          </thead>
          <tbody>
            {bars.map((b) => (
              <tr key={b.name}>
                <th scope="row">{b.name}</th>
                <td>{b.text}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </VisuallyHidden>
    </Box>
  );
}
