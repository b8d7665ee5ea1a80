import { z } from 'zod';
import { envInt as int } from '../env-int';

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
  /** Local mode: the bucket's limits and lifecycle (docs/storage.md). */
  limits: StorageLimits;
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

/** Caps of the local bucket, as the cloud service has them, plus a quota and the lifecycle rule. */
export interface StorageLimits {
  /** Largest object a single PUT may write (OSS: 5 GiB). */
  maxObjectBytes: number;
  /** Largest part (OSS: 5 GiB); the smallest, 100 KiB except the last, is checked on completion. */
  maxPartBytes: number;
  /** Highest part number (OSS: 10,000). */
  maxParts: number;
  /** Total bytes the bucket may hold: objects, parts of open uploads and uploads in progress. */
  quotaBytes: number;
  /** Multipart uploads and `uploading` videos older than this are cleaned up (a lifecycle rule). */
  abandonAfterSeconds: number;
  /** How often each instance runs that cleanup; 0 = never. */
  sweepIntervalSeconds: number;
}

const KiB = 1024;
const GiB = 1024 ** 3;

export const defaultStorageLimits: StorageLimits = {
  maxObjectBytes: 5 * GiB,
  maxPartBytes: 5 * GiB,
  maxParts: 10_000,
  quotaBytes: 100 * GiB,
  abandonAfterSeconds: 7 * 86_400,
  sweepIntervalSeconds: 3600,
};

/** The smallest part OSS accepts in a completed upload (all but the last). */
export const MIN_PART_BYTES = 100 * KiB;

const UNITS: Record<string, number> = { '': 1, k: KiB, m: KiB ** 2, g: GiB, t: KiB ** 4 };

/** A size in bytes: `1048576`, `512KiB`, `100MiB`, `5GiB`, `2T` (binary units, case-insensitive). */
export const byteSize = (min: number, max: number) =>
  z
    .string()
    .trim()
    .regex(/^\d+(\.\d+)?\s*([kmgt]i?b?|b)?$/i, 'must be a size such as 1048576, 500MiB or 5GiB')
    .transform((v) => {
      const m = /^(\d+(?:\.\d+)?)\s*([a-z]*)$/i.exec(v) as RegExpExecArray;
      const unit = (m[2] ?? '').toLowerCase().replace(/i?b$/, '');
      return Math.floor(Number(m[1]) * (UNITS[unit] ?? 1));
    })
    .pipe(z.number().min(min, `must be at least ${min} bytes`).max(max, `must be at most ${max} bytes`));

/** First path segments the console and API already use: a bucket by these names would shadow them. */
const RESERVED_BUCKETS = new Set(['prod-api', 'vod', 'assets', 'web', 'auth']);

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
  LECTERN_VOD_MAX_OBJECT_SIZE: byteSize(1, 5 * GiB).default(5 * GiB),
  LECTERN_VOD_MAX_PART_SIZE: byteSize(MIN_PART_BYTES, 5 * GiB).default(5 * GiB),
  LECTERN_VOD_MAX_PARTS: int(1, 10_000).default(10_000),
  LECTERN_VOD_QUOTA: byteSize(0, Number.MAX_SAFE_INTEGER).default(100 * GiB),
  LECTERN_VOD_ABANDON_AFTER_SECONDS: int(1, 3650 * 86_400).default(7 * 86_400),
  LECTERN_VOD_SWEEP_INTERVAL_SECONDS: int(0, 86_400 * 30).default(3600),
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
    limits: {
      maxObjectBytes: e.LECTERN_VOD_MAX_OBJECT_SIZE,
      maxPartBytes: e.LECTERN_VOD_MAX_PART_SIZE,
      maxParts: e.LECTERN_VOD_MAX_PARTS,
      quotaBytes: e.LECTERN_VOD_QUOTA,
      abandonAfterSeconds: e.LECTERN_VOD_ABANDON_AFTER_SECONDS,
      sweepIntervalSeconds: e.LECTERN_VOD_SWEEP_INTERVAL_SECONDS,
    },
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
  limits: defaultStorageLimits,
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
