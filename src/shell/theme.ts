import { type CSSVariablesResolver, createTheme, darken, lighten, type MantineColorsTuple } from '@mantine/core';

export const DEFAULT_PRIMARY = '#1890ff';

/** WCAG relative luminance of a #rrggbb colour. */
export function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => {
    const c = Number.parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** WCAG contrast ratio of white text on a #rrggbb background. */
export const contrastWithWhite = (hex: string): number => 1.05 / (luminance(hex) + 0.05);

const toHex = (rgb: string): string => {
  const m = rgb.match(/\d+(\.\d+)?/g) ?? [];
  return `#${m
    .slice(0, 3)
    .map((v) => Math.round(Number(v)).toString(16).padStart(2, '0'))
    .join('')}`;
};

/**
 * The chosen colour, darkened just enough (in 5 % steps) for white text on it to reach WCAG AA
 * (4.5:1): buttons, the active menu item and tab, and links use it. #1890ff (3.2:1) becomes a
 * slightly deeper blue; a colour that already passes is used as it is.
 */
export function readableShade(hex: string): string {
  for (let k = 0; k <= 0.6; k += 0.05) {
    const shade = k === 0 ? hex : toHex(darken(hex, k));
    if (contrastWithWhite(shade) >= 4.5) return shade;
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

/** The theme with the settings' primary colour (SPEC.md §9 default #1890ff), applied live. */
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
 * WCAG AA contrast (4.5:1) for small text: Mantine's dimmed grey (gray.6, 3.3:1 on white) is a
 * little too faint; one step darker reads the same. Through Mantine's resolver, so it is part of the
 * variables MantineProvider writes (a stylesheet of ours would lose to them).
 */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: { '--mantine-color-dimmed': 'var(--mantine-color-gray-7)' },
  dark: {},
});
