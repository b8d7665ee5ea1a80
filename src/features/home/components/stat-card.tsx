import { Group, Paper, Skeleton, Stack, Text, ThemeIcon } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { Tooltip } from '../../../components/floating';
import { formatNumber, numberFormat } from '../../../components/format';
import classes from './stat-card.module.css';

interface Props {
  label: string;
  /** null: the server did not say; undefined: still loading. */
  value: number | null | undefined;
  icon: ReactNode;
  color: string;
  locale: string;
  testId: string;
  /** The list the figure counts: the whole card is a link to it (keyboard-focusable). */
  to?: string;
  /** The list's filter that gives the figure (overdue loans: `{ overdue: true }`). */
  search?: Record<string, unknown>;
}

export function StatCard({ label, value, icon, color, locale, testId, to, search }: Props) {
  // Phones (under Mantine's xs, 576 px): a compact tile, figure first, no glyph.
  const body = (
    <Group justify="space-between" wrap="nowrap" align="flex-start">
      <Stack gap={4} miw={0} className={classes.text}>
        <Text fz={{ base: 11, xs: 'xs' }} c="dimmed" tt="uppercase" fw={600} lh={1.25} className={classes.label}>
          {label}
        </Text>
        {value === undefined ? (
          // As tall as the figure's line (28 or 20 × 1.1), so nothing moves when it arrives.
          <Skeleton h={{ base: 20 * 1.1, xs: 28 * 1.1 }} w={{ base: 40, xs: 64 }} />
        ) : (
          <Tooltip label={value === null ? '—' : numberFormat(locale).format(value)}>
            <Text fz={{ base: 20, xs: 28 }} fw={700} lh={1.1} data-testid={`${testId}-value`}>
              {value === null ? '—' : formatNumber(value, locale)}
            </Text>
          </Tooltip>
        )}
      </Stack>
      {/* In dark mode the tile is drawn in the colour's mid shade: Mantine's "light" tile there is
          the colour's darkest shade darkened again, near-black on the dark card for grey and
          deep primaries. */}
      <ThemeIcon
        variant="light"
        color={color}
        size={44}
        radius="md"
        className={classes.tile}
        visibleFrom="xs"
        style={{ '--tile-bg': `var(--mantine-color-${color}-5)` }}
        data-testid={`${testId}-tile`}
      >
        {icon}
      </ThemeIcon>
    </Group>
  );
  if (!to) {
    return (
      <Paper withBorder radius="md" p={{ base: 'xs', xs: 'md' }} data-testid={testId}>
        {body}
      </Paper>
    );
  }
  return (
    <Paper
      withBorder
      radius="md"
      p={{ base: 'xs', xs: 'md' }}
      data-testid={testId}
      component={Link}
      to={to}
      search={search as never}
      className={classes.link}
    >
      {body}
    </Paper>
  );
}
