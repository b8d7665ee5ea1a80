import './window-shim';
import OSS from 'ali-oss';
import type { UploadAddress, UploadAuth } from './credentials';
import { loadedFromParts, PARALLEL } from './limits';
import { fetchTransport, sendPartsAsBlobs } from './oss-transport';
import type { OssCheckpoint } from './persist';

/**
 * ali-oss multipart upload, one client per run: `cancel()` sets a flag on the client and
 * multipartUpload resets it when it begins, so a shared client could let a late cancel stop the
 * next run, or a new run clear the cancel of the old one. In the browser build cancel does not
 * abort requests in flight: up to `parallel` parts finish but are no longer recorded, and the next
 * run sends them again.
 */
export interface OssRun {
  done: Promise<void>;
  abort(): void;
}

const LOCAL_HOST = /^(localhost|\d{1,3}(\.\d{1,3}){3}|\[[0-9a-f:]+\])$/i;

export function ossClient(address: UploadAddress, auth: UploadAuth): OSS {
  const url = new URL(address.Endpoint);
  // Path-style URLs for an IP or localhost endpoint (the local service answers /{bucket}/{object});
  // ali-oss drops any path of the endpoint.
  const options = {
    endpoint: url.origin,
    secure: url.protocol === 'https:',
    sldEnable: LOCAL_HOST.test(url.hostname),
    bucket: address.Bucket,
    region: auth.Region || undefined,
    accessKeyId: auth.AccessKeyId,
    accessKeySecret: auth.AccessKeySecret,
    stsToken: auth.SecurityToken,
    // docs/product.md §9: the SDK's HTTP timeout is 300 s. Retries are ours (errors.ts), not ali-oss's.
    timeout: 300_000,
    // fetch instead of the bundled XHR shim, which copies each part byte by byte (oss-transport.ts).
    urllib: fetchTransport,
  } as OSS.Options;
  const client = new OSS(options);
  sendPartsAsBlobs(client);
  return client;
}

const strip = (cp: {
  name: string;
  fileSize: number;
  partSize: number;
  uploadId: string;
  doneParts: OssCheckpoint['doneParts'];
}): OssCheckpoint => ({
  name: cp.name,
  fileSize: cp.fileSize,
  partSize: cp.partSize,
  uploadId: cp.uploadId,
  doneParts: cp.doneParts.map((p) => ({ number: p.number, etag: p.etag })),
});

export function startMultipart(opts: {
  address: UploadAddress;
  auth: UploadAuth;
  file: File;
  partSize: number;
  checkpoint: OssCheckpoint | null;
  onProgress(checkpoint: OssCheckpoint | null, loaded: number): void;
}): OssRun {
  const client = ossClient(opts.address, opts.auth);
  const { file } = opts;
  const done = client
    .multipartUpload(opts.address.FileName, file, {
      parallel: PARALLEL,
      partSize: opts.partSize,
      mime: file.type || undefined,
      // A copy: ali-oss pushes into doneParts, and an old run must not write into the new one's.
      ...(opts.checkpoint
        ? { checkpoint: { ...opts.checkpoint, doneParts: [...opts.checkpoint.doneParts], file } }
        : {}),
      progress: (p: number, cp?: OssCheckpoint) => {
        if (cp?.uploadId) opts.onProgress(strip(cp), loadedFromParts(cp.fileSize, cp.partSize, cp.doneParts));
        else if (p === 1) opts.onProgress(null, file.size); // small files go in one PUT
      },
    })
    .then(() => undefined);
  return { done, abort: () => client.cancel() };
}

/** One PUT (covers): small, not resumable. */
export async function putObject(address: UploadAddress, auth: UploadAuth, file: Blob): Promise<void> {
  await ossClient(address, auth).put(address.FileName, file, { mime: file.type || undefined } as OSS.PutObjectOptions);
}
