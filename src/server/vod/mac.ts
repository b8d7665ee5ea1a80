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
