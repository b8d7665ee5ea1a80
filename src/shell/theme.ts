import { createTheme, type MantineColorsTuple } from '@mantine/core';

/** #1890ff at index 6, Mantine's default primary shade (SPEC.md §9 default theme colour). */
const lecternBlue: MantineColorsTuple = [
  '#e6f4ff',
  '#bae0ff',
  '#91caff',
  '#69b1ff',
  '#4096ff',
  '#2a9bff',
  '#1890ff',
  '#0958d9',
  '#003eb3',
  '#002c8c',
];

export const theme = createTheme({
  primaryColor: 'lectern',
  primaryShade: 6,
  colors: { lectern: lecternBlue },
  defaultRadius: 'sm',
  fontFamily:
    "-apple-system, BlinkMacSystemFont, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, 'PingFang SC', 'Hiragino Sans GB', 'Microsoft YaHei', 'WenQuanYi Zen Hei', sans-serif",
});
