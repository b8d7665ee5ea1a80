import { z } from 'zod';

/** The video service: the embedded local one (default) or the cloud's (STS + VOD + OSS). */
export interface VodConfig {
  mode: 'local' | 'cloud';
  /** Lifetime of the RPC credential and of each UploadAuth. */
  credentialTtlSeconds: number;
  region: string;
  /** Local mode: the bucket served at `/{bucket}/{object}`. */
  bucket: string;
  /** Local mode: origin written into vodEndpoint and UploadAddress; unset = the request's own origin. */
  publicOrigin: string | undefined;
  /**
   * Without publicOrigin: the hosts (`name` for any port, `name:port` for one) a request may name in
   * its Host (or, behind a trusted proxy, X-Forwarded-Host) header to have upload addresses point at
   * it. Anything else is refused: a forged Host never becomes an upload address.
   */
  allowedHosts: string[];
  cloud: {
    accessKeyId: string;
    accessKeySecret: string;
    roleArn: string;
    /** The cloud account's numeric id (the upload SDK's userId). */
    userId: string;
    vodEndpoint: string;
    stsEndpoint: string;
  } | null;
}

/** First path segments the console and API already use: a bucket by these names would shadow them. */
const RESERVED_BUCKETS = new Set(['prod-api', 'vod', 'assets', 'web', 'auth']);

const int = (min: number, max: number) =>
  z
    .string()
    .trim()
    .regex(/^\d+$/, 'must be a whole number')
    .transform(Number)
    .pipe(z.number().min(min, `must be at least ${min}`).max(max, `must be at most ${max}`));

/** Merged into config.ts's environment schema. */
export const vodEnvShape = {
  LECTERN_VOD_MODE: z.enum(['local', 'cloud'], { error: 'must be "local" or "cloud"' }).default('local'),
  LECTERN_VOD_CREDENTIAL_TTL_SECONDS: int(1, 43_200).default(900),
  LECTERN_VOD_REGION: z
    .string()
    .trim()
    .regex(/^[a-z0-9-]{2,40}$/, 'must be a region id such as cn-shanghai')
    .default('cn-shanghai'),
  LECTERN_VOD_BUCKET: z
    .string()
    .trim()
    .regex(/^[a-z0-9][a-z0-9-]{1,61}[a-z0-9]$/, 'must be 3-63 lower-case letters, digits or -')
    .refine((b) => !RESERVED_BUCKETS.has(b), 'is a path the console already uses')
    .default('lectern-media'),
  LECTERN_VOD_PUBLIC_ORIGIN: z
    .url({ protocol: /^https?$/, error: 'must be an http(s) origin' })
    .transform((u) => new URL(u).origin)
    .optional(),
  LECTERN_VOD_ALLOWED_HOSTS: z
    .string()
    .trim()
    .transform((v) => v.split(/[\s,]+/).filter(Boolean))
    .pipe(
      z.array(
        z
          .string()
          .toLowerCase()
          .regex(/^(\[[0-9a-f:.]+\]|[a-z0-9.-]+)(:\d{1,5})?$/, 'must list host names, each optionally with :port'),
      ),
    )
    .optional(),
  LECTERN_VOD_ACCESS_KEY_ID: z.string().trim().min(1).optional(),
  LECTERN_VOD_ACCESS_KEY_SECRET: z.string().trim().min(1).optional(),
  LECTERN_VOD_ROLE_ARN: z.string().trim().min(1).optional(),
  LECTERN_VOD_USER_ID: z.string().trim().min(1).optional(),
  LECTERN_VOD_ENDPOINT: z.url({ protocol: /^https$/, error: 'must be an https URL' }).optional(),
  LECTERN_VOD_STS_ENDPOINT: z.url({ protocol: /^https$/, error: 'must be an https URL' }).optional(),
};

const vodEnvSchema = z.object(vodEnvShape);
type VodEnv = z.output<typeof vodEnvSchema>;

/** Cloud mode needs the RAM user's key and the role to assume; returns the missing variable names. */
export function missingCloudEnv(e: VodEnv): string[] {
  if (e.LECTERN_VOD_MODE !== 'cloud') return [];
  return (['LECTERN_VOD_ACCESS_KEY_ID', 'LECTERN_VOD_ACCESS_KEY_SECRET', 'LECTERN_VOD_ROLE_ARN'] as const).filter(
    (k) => !e[k],
  );
}

/** HOST values that mean "every interface": no single name to trust. */
const WILDCARDS = new Set(['0.0.0.0', '::', '[::]', '*']);

/**
 * The default allowed hosts: the loopback names (any port: a local proxy or the Vite dev server may
 * front the server) and HOST itself when it is one address rather than every interface.
 */
export function defaultAllowedHosts(listenHost: string | undefined): string[] {
  const out = ['localhost', '127.0.0.1', '[::1]'];
  const h = listenHost?.trim().toLowerCase();
  if (h && !WILDCARDS.has(h)) {
    const name = h.includes(':') && !h.startsWith('[') ? `[${h}]` : h;
    if (!out.includes(name)) out.push(name);
  }
  return out;
}

export function vodConfigFromEnv(e: VodEnv, listenHost?: string): VodConfig {
  const region = e.LECTERN_VOD_REGION;
  const cloud =
    e.LECTERN_VOD_MODE === 'cloud'
      ? {
          accessKeyId: e.LECTERN_VOD_ACCESS_KEY_ID ?? '',
          accessKeySecret: e.LECTERN_VOD_ACCESS_KEY_SECRET ?? '',
          roleArn: e.LECTERN_VOD_ROLE_ARN ?? '',
          userId: e.LECTERN_VOD_USER_ID ?? '',
          vodEndpoint: e.LECTERN_VOD_ENDPOINT ?? `https://vod.${region}.aliyuncs.com`,
          stsEndpoint: e.LECTERN_VOD_STS_ENDPOINT ?? `https://sts.${region}.aliyuncs.com`,
        }
      : null;
  return {
    mode: e.LECTERN_VOD_MODE,
    credentialTtlSeconds: e.LECTERN_VOD_CREDENTIAL_TTL_SECONDS,
    region,
    bucket: e.LECTERN_VOD_BUCKET,
    publicOrigin: e.LECTERN_VOD_PUBLIC_ORIGIN,
    allowedHosts: e.LECTERN_VOD_ALLOWED_HOSTS ?? defaultAllowedHosts(listenHost),
    cloud,
  };
}

export const defaultVodConfig: VodConfig = {
  mode: 'local',
  credentialTtlSeconds: 900,
  region: 'cn-shanghai',
  bucket: 'lectern-media',
  publicOrigin: undefined,
  allowedHosts: defaultAllowedHosts(undefined),
  cloud: null,
};

/**
 * What the console's CSP connect-src needs beyond 'self': nothing locally (same origin, or the
 * configured public origin); in cloud mode the VOD endpoint and the region's OSS buckets.
 */
export function vodConnectSrc(v: VodConfig): string[] {
  if (v.mode === 'local') return v.publicOrigin ? [v.publicOrigin] : [];
  const out = [`https://*.oss-${v.region}.aliyuncs.com`];
  if (v.cloud) out.unshift(new URL(v.cloud.vodEndpoint).origin);
  return out;
}
