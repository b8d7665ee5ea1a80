import { defineConfig } from '@lingui/cli';
import { formatter } from '@lingui/format-po';

export default defineConfig({
  sourceLocale: 'en',
  locales: ['en', 'zh', 'es', 'ja'],
  fallbackLocales: { default: 'en' },
  catalogs: [
    {
      path: '<rootDir>/src/locales/{locale}/messages',
      include: ['<rootDir>/src'],
      exclude: ['**/node_modules/**', '<rootDir>/src/server/**', '<rootDir>/src/resources/*/server*'],
    },
  ],
  // No line numbers: a catalogue changes only when its messages or their files do.
  format: formatter({ lineNumbers: false }),
});
