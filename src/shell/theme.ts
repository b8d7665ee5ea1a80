import { createTheme, darken, lighten, type MantineColorsTuple } from '@mantine/core';

export const DEFAULT_PRIMARY = '#1890ff';

/** Ten shades around the chosen colour, which sits at index 6 (Mantine's default primary shade). */
export function shadesOf(hex: string): MantineColorsTuple {
  return [
    lighten(hex, 0.9),
    lighten(hex, 0.75),
    lighten(hex, 0.6),
    lighten(hex, 0.45),
    lighten(hex, 0.3),
    lighten(hex, 0.15),
    hex,
    darken(hex, 0.15),
    darken(hex, 0.3),
    darken(hex, 0.45),
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
