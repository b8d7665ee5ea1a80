import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';

/**
 * The title of an upload toast, in the user's language: what kind of problem it is. The SDK code
 * (EmptyFile, FileDuplication…) is for logs and tests, never a title a person reads.
 */
const TITLES: Record<string, MessageDescriptor> = {
  EmptyFile: msg`File not added`,
  FileDuplication: msg`File not added`,
  UploadAlearyStarted: msg`Already uploading`,
  'InvalidParameter.EmptyValue': msg`Missing information`,
  'InvalidParameter.TokenInvalid': msg`Upload not authorised`,
  GetUploadAuthFailed: msg`Upload not authorised`,
  ReadFileError: msg`Upload failed`,
  OSSAbort: msg`Upload failed`,
};

/** Any code the table does not know (a service code) gets the general title. */
export const noticeTitle = (code: string): MessageDescriptor => TITLES[code] ?? msg`Upload failed`;
