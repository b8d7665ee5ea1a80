import { createHash } from 'node:crypto';

/**
 * `X-Lectern-Session` for a token as docs/api-additions.md defines it and the page computes it
 * (`userKeyOf` in src/sw/protocol/cache-keys.ts, with crypto.subtle; the e2e keep-signed-in test
 * checks the browser's against the server): written out here, not imported from the server.
 */
export const userKeyOf = async (token: string): Promise<string> =>
  createHash('sha256').update(`lectern-user:${token}`).digest('hex').slice(0, 32);
