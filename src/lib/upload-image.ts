import { i18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { API_BASE, isSuccessCode, LOGOUT_CODES } from '../contract/envelope';
import type { ImageUploadResult } from '../contract/options';
import { IMAGE_UPLOAD_FIELD } from '../contract/values';
import { ApiError, ERROR_TOAST_MS, NetworkError } from './http';
import { mantineHttpUi } from './http-ui';
import { getToken } from './token';

/**
 * `POST /file/upload/img` as multipart. XMLHttpRequest rather than fetch: only it reports upload
 * progress. Errors come in the JSON envelope (415 wrong type, 413 too large) and are shown the way
 * the http client shows them (toast, or the sign-in-again dialog), then thrown.
 */
export function uploadImage(file: File, onProgress?: (fraction: number) => void): Promise<ImageUploadResult> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `${API_BASE}/file/upload/img`);
    xhr.withCredentials = true;
    const token = getToken();
    if (token) xhr.setRequestHeader('X-Token', token);
    xhr.setRequestHeader('Language', sessionStorage.getItem('Language') ?? 'RUB');
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress?.(e.loaded / e.total);
    };
    xhr.onerror = () => {
      const message = i18n._(msg`Network error`);
      mantineHttpUi.error(message, ERROR_TOAST_MS);
      reject(new NetworkError(message));
    };
    xhr.onload = () => {
      let envelope: { code?: number; msg?: string; data?: unknown } | null = null;
      try {
        envelope = JSON.parse(xhr.responseText);
      } catch {
        // A proxy's HTML error page: fall through to the generic message.
      }
      if (envelope && typeof envelope.code === 'number' && isSuccessCode(envelope.code)) {
        resolve(envelope.data as ImageUploadResult);
        return;
      }
      const message = envelope?.msg || i18n._(msg`Error`);
      mantineHttpUi.error(message, ERROR_TOAST_MS);
      if (envelope?.code !== undefined && LOGOUT_CODES.includes(envelope.code)) mantineHttpUi.confirmLogout();
      reject(new ApiError(envelope?.code ?? xhr.status, message, xhr.status, envelope?.data ?? null));
    };
    const body = new FormData();
    body.append(IMAGE_UPLOAD_FIELD, file, file.name);
    xhr.send(body);
  });
}
