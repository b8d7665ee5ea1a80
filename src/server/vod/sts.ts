import { randomUUID } from 'node:crypto';
import { rpcSigningInput } from '../../contract/vod-signature';
import type { VodConfig } from './config';
import { mac } from './mac';

/**
 * Cloud mode: temporary credentials from the cloud STS (AssumeRole) for the console's VOD calls.
 * This is the seam: `assumeRole` builds and signs the RPC request (tested offline) and hands it to
 * an injectable fetch; nothing else in the server talks to the cloud.
 */
export interface StsCredentials {
  accessKeyId: string;
  accessKeySecret: string;
  securityToken: string;
  expiration: string;
}

export interface StsDeps {
  fetch?: typeof fetch;
  now?: () => Date;
  nonce?: () => string;
}

export class StsError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = 'StsError';
  }
}

/** STS takes 900 s at least. */
export const STS_MIN_SECONDS = 900;

/** The signed form of AssumeRole (POST), exported for tests. */
export function assumeRoleParams(
  cloud: NonNullable<VodConfig['cloud']>,
  sessionName: string,
  durationSeconds: number,
  services: StsDeps = {},
): Record<string, string> {
  const now = (services.now ?? (() => new Date()))();
  const params: Record<string, string> = {
    Action: 'AssumeRole',
    Version: '2015-04-01',
    Format: 'JSON',
    AccessKeyId: cloud.accessKeyId,
    SignatureMethod: 'HMAC-SHA1',
    SignatureVersion: '1.0',
    SignatureNonce: (services.nonce ?? randomUUID)(),
    Timestamp: `${now.toISOString().slice(0, 19)}Z`,
    RoleArn: cloud.roleArn,
    RoleSessionName: sessionName,
    DurationSeconds: String(Math.max(STS_MIN_SECONDS, durationSeconds)),
  };
  params.Signature = mac(rpcSigningInput('POST', params, cloud.accessKeySecret));
  return params;
}

export async function assumeRole(
  cloud: NonNullable<VodConfig['cloud']>,
  sessionName: string,
  durationSeconds: number,
  services: StsDeps = {},
): Promise<StsCredentials> {
  const body = new URLSearchParams(assumeRoleParams(cloud, sessionName, durationSeconds, services)).toString();
  const doFetch = services.fetch ?? fetch;
  const res = await doFetch(`${cloud.stsEndpoint.replace(/\/$/, '')}/`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body,
    signal: AbortSignal.timeout(15_000),
  });
  const data = (await res.json().catch(() => ({}))) as {
    Code?: string;
    Message?: string;
    Credentials?: { AccessKeyId?: string; AccessKeySecret?: string; SecurityToken?: string; Expiration?: string };
  };
  const cr = data.Credentials;
  if (!res.ok || !cr?.AccessKeyId || !cr.AccessKeySecret || !cr.SecurityToken || !cr.Expiration)
    throw new StsError(data.Code ?? `HTTP${res.status}`, data.Message ?? 'AssumeRole failed');
  return {
    accessKeyId: cr.AccessKeyId,
    accessKeySecret: cr.AccessKeySecret,
    securityToken: cr.SecurityToken,
    expiration: cr.Expiration,
  };
}
