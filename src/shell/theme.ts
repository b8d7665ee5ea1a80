import { type CSSVariablesResolver, createTheme, darken, lighten, type MantineColorsTuple } from '@mantine/core';

export const DEFAULT_PRIMARY = '#1890ff';

/** WCAG relative luminance of a #rrggbb colour (or an rgb()/rgba() one, as Mantine's darken returns). */
export function luminance(colour: string): number {
  const hex = colour.startsWith('#') ? colour : toHex(colour);
  const [r, g, b] = [1, 3, 5].map((i) => {
    const c = Number.parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** WCAG contrast ratio of white text on a #rrggbb background. */
export const contrastWithWhite = (hex: string): number => 1.05 / (luminance(hex) + 0.05);

/** WCAG contrast ratio between two #rrggbb colours. */
export const contrast = (a: string, b: string): number => {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
};

const toHex = (rgb: string): string => {
  const m = rgb.match(/\d+(\.\d+)?/g) ?? [];
  return `#${m
    .slice(0, 3)
    .map((v) => Math.round(Number(v)).toString(16).padStart(2, '0'))
    .join('')}`;
};

/** Mantine's gray.1: striped and hovered table rows, where links are read too. */
const ROW_GREY = '#f1f3f5';

/**
 * The chosen colour, darkened just enough (in 5 % steps) for white text on it, and it as text on a
 * grey table row, to reach WCAG AA (4.5:1): buttons, the active menu item and tab, and links use
 * it. #1890ff (3.2:1) becomes a slightly deeper blue; a colour that already passes is used as it is.
 */
export function readableShade(hex: string): string {
  for (let k = 0; k <= 0.6; k += 0.05) {
    const shade = k === 0 ? hex : toHex(darken(hex, k));
    if (contrastWithWhite(shade) >= 4.5 && contrast(shade, ROW_GREY) >= 4.5) return shade;
  }
  return toHex(darken(hex, 0.6));
}

/** Ten shades: lighter ones from the chosen colour, index 6 (the primary shade) readable under white text. */
export function shadesOf(hex: string): MantineColorsTuple {
  const filled = readableShade(hex);
  return [
    lighten(hex, 0.9),
    lighten(hex, 0.75),
    lighten(hex, 0.6),
    lighten(hex, 0.45),
    lighten(hex, 0.3),
    lighten(hex, 0.15),
    filled,
    darken(filled, 0.15),
    darken(filled, 0.3),
    darken(filled, 0.45),
  ];
}

/** The theme with the settings' primary colour (docs/product.md §9 default #1890ff), applied live. */
export function buildTheme(primary: string = DEFAULT_PRIMARY) {
  return createTheme({
    primaryColor: 'lectern',
    primaryShade: 6,
    colors: { lectern: shadesOf(/^#[0-9a-f]{6}$/i.test(primary) ? primary : DEFAULT_PRIMARY) },
    defaultRadius: 'sm',
    fontFamily:
      "-apple-system, BlinkMacSystemFont, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, 'PingFang SC', 'Hiragino Sans GB', 'Microsoft YaHei', 'WenQuanYi Zen Hei', sans-serif",
  });
}

/**
 * The fill for white text at AA (4.5:1): the first shade from index 6 on that reaches it, else shade 9
 * darkened until it does (green.9 is still 4.4:1); hovering goes one step deeper.
 */
export function readableFilled(shades: readonly string[]): { filled: string; hover: string } {
  for (let i = 6; i <= 8; i++) {
    const shade = shades[i] as string;
    if (contrastWithWhite(shade) >= 4.5) return { filled: shade, hover: shades[i + 1] as string };
  }
  const filled = readableShade(shades[9] as string);
  return { filled, hover: toHex(darken(filled, 0.1)) };
}

/**
 * The light variant's text (Badge, Button, Avatar, Alert…): shade 9, darkened in 4 % steps until it
 * reads at AA on both the light background (shade 1) and its hover (shade 2). Mantine's green.9 on
 * green.1 is 3.8:1, orange 3.6:1.
 */
export function readableLightText(shades: readonly string[]): string {
  const text = shades[9] as string;
  for (let k = 0; k <= 0.6; k += 0.04) {
    const shade = k === 0 ? text : toHex(darken(text, k));
    if (contrast(shade, shades[1] as string) >= 4.5 && contrast(shade, shades[2] as string) >= 4.5) return shade;
  }
  return '#000000';
}

/**
 * WCAG AA contrast (4.5:1) for small text in both schemes, through Mantine's resolver so it is part
 * of the variables MantineProvider writes (a stylesheet of ours would lose to them):
 * - field errors: red.9 in the light scheme;
 * - dimmed text: gray.6 is 3.3:1 on white (gray.7 reads the same); dark.2 is 4.0:1 on the dark
 *   body (dark.1 is 7:1);
 * - filled buttons and badges: white on red.6 is 3.3:1, on green.6 2.4:1 (readableFilled; the
 *   chosen primary already passes, shadesOf);
 * - light variants in the light scheme: the text darkened until it reaches 4.5:1 on its background.
 */
export const cssVariablesResolver: CSSVariablesResolver = (theme) => {
  const filled: Record<string, string> = {};
  const light: Record<string, string> = {
    '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
    // Field errors (the message and the value in error): red.6 is 3.3:1 on white, red.9 5:1.
    '--mantine-color-error': 'var(--mantine-color-red-9)',
  };
  for (const [name, shades] of Object.entries(theme.colors)) {
    if (!shades || shades.length < 10 || name === 'dark') continue;
    const fill = readableFilled(shades);
    filled[`--mantine-color-${name}-filled`] = fill.filled;
    filled[`--mantine-color-${name}-filled-hover`] = fill.hover;
    light[`--mantine-color-${name}-light-color`] = readableLightText(shades);
  }
  return {
    variables: {},
    light: { ...filled, ...light },
    dark: { ...filled, '--mantine-color-dimmed': 'var(--mantine-color-dark-1)' },
  };
};
