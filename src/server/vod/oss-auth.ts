import type { Context } from 'hono';
import { ossSigningInput, sameSignature } from '../../contract/vod-signature';
import type { AppEnv } from '../context';
import type { Services } from '../services';
import { type Credential, isExpired, lookupCredential } from './credentials';
import { ossErrors } from './errors';
import { mac } from './mac';
import { vodDb } from './tables';

/** The parsed target of an OSS request: `/{bucket}/{key}?{query}`. */
export interface OssTarget {
  bucket: string;
  key: string;
  query: Record<string, string>;
  /** Lower-case header names. */
  headers: Record<string, string>;
}

const SKEW_MS = 15 * 60_000;

/** True when the request carries an OSS signature at all (anonymous GETs of objects are allowed). */
export const isSigned = (t: OssTarget) => t.headers.authorization !== undefined;

/**
 * Verifies the OSS V1 header signature and the security token of an UploadAuth, then that it was
 * minted for exactly this object (writes). `verbs` lists the methods the signature may be over: app.ts serves
 * HEAD through GET, so a GET here may have been signed as HEAD.
 */
export async function authorizeOss(
  c: Context<AppEnv>,
  services: Services,
  t: OssTarget,
  opts: { verbs?: readonly string[]; anyObject?: boolean } = {},
): Promise<Credential> {
  const verbs = opts.verbs ?? [c.req.method];
  const m = /^OSS ([^:\s]+):(\S+)$/.exec(t.headers.authorization ?? '');
  if (!m) throw ossErrors.accessDenied('AccessDenied: anonymous access is forbidden for this operation.');
  const keyId = m[1] ?? '';
  const given = m[2] ?? '';
  const found = await lookupCredential(vodDb(services.db), keyId, t.headers['x-oss-security-token']);
  if (!found.ok) throw found.reason === 'unknown' ? ossErrors.keyId(keyId) : ossErrors.badToken();
  const { cred } = found;
  if (cred.purpose !== 'oss') throw ossErrors.accessDenied('This credential is not an upload credential.');
  const now = services.now();
  if (isExpired(cred, now)) throw ossErrors.tokenExpired();
  const input = { headers: t.headers, bucket: t.bucket, key: t.key, query: t.query };
  const matches = verbs.map((method) => ossSigningInput({ ...input, method }, cred.secret));
  if (!matches.some((m) => sameSignature(mac(m), given))) throw ossErrors.signature(matches[0]?.data ?? '', keyId);
  const date = Date.parse(t.headers['x-oss-date'] ?? t.headers.date ?? '');
  if (Number.isNaN(date)) throw ossErrors.accessDenied('AccessDenied: the request has no valid Date or x-oss-date.');
  if (Math.abs(date - now.getTime()) > SKEW_MS) throw ossErrors.skewed();
  if (!cred.staffActive) throw ossErrors.accessDenied('The staff account of this credential is disabled.');
  if (!opts.anyObject && (cred.bucket !== t.bucket || cred.objectKey !== t.key))
    throw ossErrors.accessDenied('This upload credential is for another object.');
  return cred;
}
