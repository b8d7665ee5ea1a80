// biome-ignore lint/style/noRestrictedImports: the one module that imports them; the rest of the console uses ./index.tsx.
export { Menu, Select, Tooltip } from '@mantine/core';
