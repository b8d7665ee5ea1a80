import { DEFAULT_THEME, mergeMantineTheme } from '@mantine/core';
import { describe, expect, it } from 'vitest';
import {
  buildTheme,
  contrast,
  contrastWithWhite,
  cssVariablesResolver,
  DEFAULT_PRIMARY,
  luminance,
  readableFilled,
  readableShade,
  shadesOf,
} from '../../../src/shell/theme';

describe('theme colour', () => {
  it('measures contrast as WCAG does', () => {
    expect(contrastWithWhite('#000000')).toBeCloseTo(21, 0);
    expect(contrastWithWhite('#ffffff')).toBeCloseTo(1, 5);
    expect(contrastWithWhite('#1890ff')).toBeCloseTo(3.24, 2);
  });

  it('deepens the default #1890ff just enough for white text (AA 4.5:1)', () => {
    const shade = readableShade(DEFAULT_PRIMARY);
    expect(shade).not.toBe(DEFAULT_PRIMARY);
    expect(contrastWithWhite(shade)).toBeGreaterThanOrEqual(4.5);
    expect(contrastWithWhite(shade)).toBeLessThan(5.5);
  });

  it('keeps a colour that already passes, and puts the readable shade at the primary index', () => {
    expect(readableShade('#722ed1')).toBe('#722ed1');
    expect(shadesOf('#722ed1')[6]).toBe('#722ed1');
    expect(contrastWithWhite(shadesOf('#ffd666')[6])).toBeGreaterThanOrEqual(4.5);
  });
});

describe('CSS variables', () => {
  it("darkens the light scheme's dimmed text to gray.7, which reaches AA on white", () => {
    const theme = buildTheme() as Parameters<typeof cssVariablesResolver>[0];
    expect(cssVariablesResolver(theme).light['--mantine-color-dimmed']).toBe('var(--mantine-color-gray-7)');
    const gray7 = '#495057'; // Mantine's gray.7
    expect(1.05 / (luminance(gray7) + 0.05)).toBeGreaterThanOrEqual(4.5);
  });
});

describe('readable palette (axe sweep in the light and dark schemes)', () => {
  // As MantineProvider hands it to the resolver: Mantine's palette with ours merged in.
  const theme = mergeMantineTheme(DEFAULT_THEME, buildTheme());
  const vars = cssVariablesResolver(theme);

  it('fills every colour with a shade that carries white text at AA', () => {
    for (const name of ['red', 'green', 'teal', 'orange', 'blue', 'lectern']) {
      const shades = theme.colors[name] as readonly string[];
      const { filled, hover } = readableFilled(shades);
      expect(contrastWithWhite(filled), name).toBeGreaterThanOrEqual(4.5);
      expect(contrastWithWhite(hover), name).toBeGreaterThanOrEqual(4.5);
      expect(vars.light[`--mantine-color-${name}-filled`]).toBe(filled);
      expect(vars.dark[`--mantine-color-${name}-filled`]).toBe(filled);
    }
    // Mantine's own red.6 and green.6 do not: the resolver moves them.
    expect(contrastWithWhite((theme.colors.red as readonly string[])[6] as string)).toBeLessThan(4.5);
    expect(readableFilled(theme.colors.red as readonly string[]).filled).not.toBe(theme.colors.red?.[6]);
  });

  it('gives light variants text that reads at AA on their background and its hover', () => {
    for (const name of ['green', 'orange', 'red', 'yellow', 'grape']) {
      const shades = theme.colors[name] as readonly string[];
      const text = vars.light[`--mantine-color-${name}-light-color`] as string;
      expect(contrast(text, shades[1] as string), name).toBeGreaterThanOrEqual(4.5);
      expect(contrast(text, shades[2] as string), name).toBeGreaterThanOrEqual(4.5);
    }
    expect(contrast('#2b8a3e', (theme.colors.green as readonly string[])[1] as string)).toBeLessThan(4.5);
  });

  it('dims secondary text in the dark scheme to a grey that reads on the dark body', () => {
    expect(vars.dark['--mantine-color-dimmed']).toBe('var(--mantine-color-dark-1)');
    expect(contrast('#b8b8b8', '#242424')).toBeGreaterThanOrEqual(4.5); // dark.1 on dark.7
    expect(contrast('#828282', '#242424')).toBeLessThan(4.5); // Mantine's dark.2
  });

  it('keeps links in the primary colour readable on a grey table row', () => {
    expect(contrast(readableShade(DEFAULT_PRIMARY), '#f1f3f5')).toBeGreaterThanOrEqual(4.5);
  });
});
