import { createHmac } from 'node:crypto';
import type { SigningInput } from '../../contract/vod-signature';

/**
 * HMAC-SHA1 (base64) of a signing input from src/contract/vod-signature.ts, with Node's synchronous
 * HMAC. The algorithm is the contract's; only the MAC differs from the worker's Web Crypto, because
 * an asynchronous one let the bucket answer a huge declared PUT later than the body's first bytes,
 * and closing with unread bytes reset the connection before the client read the refusal.
 */
export const mac = ({ key, data }: SigningInput): string =>
  createHmac('sha1', key).update(data, 'utf8').digest('base64');

/** How much is hashed between two turns of the event loop. */
const TURN_CHARS = 128 * 1024;

/**
 * The same MAC over text that comes in pieces (vod-signature.ts: rpcStringToSignParts), giving
 * the event loop a turn after every 128 Ki characters: a signed RPC call of a megabyte is
 * several megabytes to encode and hash, and other requests need not wait for all of it.
 */
export async function macOfParts(key: string, parts: Iterable<string>): Promise<string> {
  const hmac = createHmac('sha1', key);
  let since = 0;
  for (const part of parts) {
    hmac.update(part, 'utf8');
    since += part.length;
    if (since >= TURN_CHARS) {
      since = 0;
      await new Promise((resolve) => setImmediate(resolve));
    }
  }
  return hmac.digest('base64');
}
