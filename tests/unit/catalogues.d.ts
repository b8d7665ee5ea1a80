/** A catalogue compiled by Lingui's Vite plugin, as the unit tests import it. */
declare module '*.po' {
  import type { Messages } from '@lingui/core';
  export const messages: Messages;
}
