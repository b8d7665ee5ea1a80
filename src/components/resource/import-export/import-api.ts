import { i18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { API_BASE, Code, type Envelope, LOGOUT_CODES } from '../../../contract/envelope';
import { IMPORT_FIELD } from '../../../contract/import';
import { mantineHttpUi } from '../../../lib/http-ui';
import { getToken } from '../../../lib/token';

/** What an import request came back with: the envelope and its HTTP status. */
export interface ImportAnswer<T = unknown> {
  status: number;
  envelope: Envelope<T>;
}

/**
 * `POST /{r}/import[?dryRun=1]` with the file as multipart. Through XMLHttpRequest, not fetch: it
 * reports upload progress, which the dialog shows. A 400 is an answer here, not a thrown error:
 * its report is what the dialog shows. Network failures reject with a translated message.
 */
export function postImport(
  path: string,
  file: File,
  dryRun: boolean,
  onProgress?: (fraction: number) => void,
): Promise<ImportAnswer> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `${API_BASE}/${path}/import${dryRun ? '?dryRun=1' : ''}`);
    const token = getToken();
    if (token) xhr.setRequestHeader('X-Token', token);
    const language = sessionStorage.getItem('Language');
    if (language) xhr.setRequestHeader('Language', language);
    xhr.withCredentials = true;
    xhr.responseType = 'json';
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable && e.total > 0) onProgress?.(e.loaded / e.total);
    };
    xhr.onload = () => {
      const envelope = xhr.response as Envelope | null;
      if (!envelope || typeof envelope.code !== 'number') {
        reject(new Error(i18n._(msg`The server sent an unexpected answer (HTTP ${xhr.status})`)));
        return;
      }
      if (LOGOUT_CODES.includes(envelope.code)) mantineHttpUi.confirmLogout();
      resolve({ status: xhr.status, envelope });
    };
    xhr.onerror = () => reject(new Error(i18n._(msg`The server could not be reached`)));
    const form = new FormData();
    form.append(IMPORT_FIELD, file, file.name);
    xhr.send(form);
  });
}

export const isTooLarge = (a: ImportAnswer) => a.envelope.code === Code.TooLarge;
