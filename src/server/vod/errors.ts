import type { Context } from 'hono';
import type { AppEnv, Logger } from '../context';
import { isStorageFull } from '../http/errors';

/**
 * The cloud's error shapes: RPC answers JSON `{ RequestId, HostId, Code, Message }`, OSS answers XML
 * `<Error>`. Handlers throw these; the two routers render them in one place each.
 */
export class RpcError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly status: number,
  ) {
    super(message);
    this.name = 'RpcError';
  }
}

export const rpcErrors = {
  missing: (name: string) =>
    new RpcError(
      'MissingParameter',
      `The input parameter "${name}" that is mandatory for processing this request is not supplied.`,
      400,
    ),
  invalid: (name: string, why: string) =>
    new RpcError('InvalidParameter', `The specified parameter "${name}" is not valid: ${why}.`, 400),
  tooManyParams: (max: number) =>
    new RpcError('InvalidParameter', `The request has more than ${max} parameters; a call takes at most ${max}.`, 400),
  signature: () =>
    new RpcError('SignatureDoesNotMatch', 'Specified signature is not matched with our calculation.', 400),
  keyNotFound: () => new RpcError('InvalidAccessKeyId.NotFound', 'Specified access key is not found.', 404),
  tokenExpired: () => new RpcError('InvalidSecurityToken.Expired', 'Specified SecurityToken is expired.', 400),
  tokenMismatch: () =>
    new RpcError('InvalidSecurityToken.Mismatch', 'Specified SecurityToken mismatch with the AccessKey.', 400),
  timestamp: () => new RpcError('InvalidTimeStamp.Expired', 'Specified time stamp or date value is expired.', 400),
  nonceUsed: () => new RpcError('SignatureNonceUsed', 'Specified signature nonce was used already.', 400),
  forbidden: (why: string) => new RpcError('Forbidden', why, 403),
  action: () =>
    new RpcError('InvalidAction.NotFound', 'Specified api is not found, please check your url and method.', 404),
  videoNotFound: () => new RpcError('InvalidVideo.NotFound', 'The video does not exist.', 404),
  /** The cloud's answer to GetPlayInfo before a video is playable (or with no stream of the Formats asked). */
  noneStream: () => new RpcError('InvalidVideo.NoneStream', 'The video has no stream that can be played yet.', 403),
  /** The database or the disk is full; nothing of the call was kept (as the bucket's InsufficientStorage). */
  storageFull: () =>
    new RpcError('InsufficientStorage', 'Storage full: the service cannot store anything more right now.', 507),
};

export class OssError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly status: number,
    readonly extra: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'OssError';
  }
}

export const ossErrors = {
  accessDenied: (why = 'AccessDenied') => new OssError('AccessDenied', why, 403),
  keyId: (id: string) =>
    new OssError('InvalidAccessKeyId', 'The OSS Access Key Id you provided does not exist in our records.', 403, {
      OSSAccessKeyId: id,
    }),
  badToken: () => new OssError('InvalidSecurityToken', 'The security token you provided is invalid.', 403),
  tokenExpired: () => new OssError('SecurityTokenExpired', 'The security token you provided has expired.', 403),
  signature: (stringToSign: string, id: string) =>
    new OssError(
      'SignatureDoesNotMatch',
      'The request signature we calculated does not match the signature you provided.',
      403,
      {
        StringToSign: stringToSign,
        OSSAccessKeyId: id,
      },
    ),
  skewed: () =>
    new OssError(
      'RequestTimeTooSkewed',
      'The difference between the request time and the current time is too large.',
      403,
    ),
  noSuchUpload: (id: string) =>
    new OssError(
      'NoSuchUpload',
      'The specified upload does not exist. The upload ID may be invalid, or the upload may have been aborted or completed.',
      404,
      {
        UploadId: id,
      },
    ),
  noSuchKey: (key: string) => new OssError('NoSuchKey', 'The specified key does not exist.', 404, { Key: key }),
  noSuchBucket: (b: string) =>
    new OssError('NoSuchBucket', 'The specified bucket does not exist.', 404, { BucketName: b }),
  invalidArgument: (msg: string) => new OssError('InvalidArgument', msg, 400),
  invalidDigest: () => new OssError('InvalidDigest', 'The Content-MD5 you specified is not valid.', 400),
  /** OSS answers a mismatch with InvalidDigest too (S3 would say BadDigest). */
  digestMismatch: () =>
    new OssError('InvalidDigest', 'The Content-MD5 you specified did not match what we received.', 400),
  incomplete: () =>
    new OssError(
      'IncompleteBody',
      'You did not provide the number of bytes specified by the Content-Length HTTP header.',
      400,
    ),
  invalidPart: (why: string) => new OssError('InvalidPart', why, 400),
  invalidPartOrder: () => new OssError('InvalidPartOrder', 'The list of parts was not in ascending order.', 400),
  tooSmall: () => new OssError('EntityTooSmall', 'Your proposed upload is smaller than the minimum allowed size.', 400),
  missingContentLength: () =>
    new OssError('MissingContentLength', 'You must provide the Content-Length HTTP header.', 411),
  tooLarge: (proposed: number, max: number) =>
    new OssError('EntityTooLarge', 'Your proposed upload exceeds the maximum allowed size.', 400, {
      ProposedSize: String(proposed),
      MaxSizeAllowed: String(max),
    }),
  /** The bucket's quota (LECTERN_VOD_QUOTA): OSS has no such code of its own; named as S3-compatible stores name it. */
  quotaExceeded: (proposed: number, used: number, quota: number) =>
    new OssError('QuotaExceeded', "The bucket's storage quota would be exceeded by this upload.", 403, {
      ProposedSize: String(proposed),
      UsedSize: String(used),
      Quota: String(quota),
    }),
  /** The disk is full (or would be within its reserve); nothing of the upload was kept. HTTP 507 Insufficient Storage. */
  insufficientStorage: () =>
    new OssError(
      'InsufficientStorage',
      'Storage full: there is not enough free space to store this upload. Nothing of it was kept.',
      507,
    ),
  malformedXml: () =>
    new OssError(
      'MalformedXML',
      'The XML you provided was not well-formed or did not validate against our published schema.',
      400,
    ),
  invalidObjectName: () => new OssError('InvalidObjectName', 'The specified object name is not valid.', 400),
  invalidRange: () => new OssError('InvalidRange', 'The requested range cannot be satisfied.', 416),
  notImplemented: () =>
    new OssError(
      'NotImplemented',
      'A header or operation you provided implies functionality that is not implemented.',
      501,
    ),
  methodNotAllowed: () =>
    new OssError('MethodNotAllowed', 'The specified method is not allowed against this resource.', 405),
};

export const xmlEscape = (s: string): string =>
  s.replace(/[<>&'"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c] ?? c);

/** `<Tag>value</Tag>` lines, values escaped. */
export const xmlFields = (fields: Record<string, string | number>): string =>
  Object.entries(fields)
    .map(([k, v]) => `  <${k}>${xmlEscape(String(v))}</${k}>`)
    .join('\n');

export function ossErrorXml(e: OssError, requestId: string, host: string): string {
  return `<?xml version="1.0" encoding="UTF-8"?>
<Error>
${xmlFields({ Code: e.code, Message: e.message, RequestId: requestId, HostId: host, ...e.extra })}
</Error>
`;
}

/**
 * The service error a router answers with for what a handler threw: the service's own as it is; a
 * full disk while writing a file or the database (the write has been undone) as the service's
 * "storage full", logged; anything else is rethrown for the app's 500.
 */
export function serviceError<E extends Error>(
  caught: unknown,
  own: abstract new (...args: never[]) => E,
  storageFull: () => E,
  c: Context<AppEnv>,
  log: Logger,
): E {
  if (caught instanceof own) return caught;
  if (!isStorageFull(caught)) throw caught;
  log.error(`[${c.get('requestId')}] ${c.req.method} ${c.req.path}: storage full (disk full):`, caught);
  return storageFull();
}
