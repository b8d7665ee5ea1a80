import type { Plugin } from 'vite';

const SHIM = '\0lectern:scroll-area-merge-refs';

/**
 * Mantine's ScrollArea (also inside every Table, as Table.ScrollContainer) takes one helper from
 * Floating UI, `useMergeRefs`. Floating UI's module has top-level calls the bundler must keep
 * (`forwardRef(...)`, context objects), and with them its positioning engine: about 10 KiB gzip
 * on every list's cold load, for menus and tooltips that load later anyway (src/components/floating).
 * In the build, ScrollArea gets the same helper from @mantine/hooks (a callback ref that sets
 * every ref it is given) instead.
 */
export function mantineScrollAreaWithoutFloatingUi(): Plugin {
  return {
    name: 'lectern-mantine-scroll-area',
    apply: 'build',
    enforce: 'pre',
    resolveId(source, importer) {
      if (source !== '@floating-ui/react' || !importer) return undefined;
      return /[\\/]@mantine[\\/]core[\\/]esm[\\/]components[\\/]ScrollArea[\\/]/.test(importer) ? SHIM : undefined;
    },
    load(id) {
      if (id !== SHIM) return undefined;
      return [
        "import { useMergedRef } from '@mantine/hooks';",
        'export const useMergeRefs = (refs) => useMergedRef(...refs);',
      ].join('\n');
    },
  };
}
