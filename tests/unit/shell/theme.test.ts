import { describe, expect, it } from 'vitest';
import {
  buildTheme,
  contrastWithWhite,
  cssVariablesResolver,
  DEFAULT_PRIMARY,
  luminance,
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
