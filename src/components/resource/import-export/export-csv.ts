import { i18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { API_BASE, LOGOUT_CODES } from '../../../contract/envelope';
import { ApiError, ERROR_TOAST_MS, NetworkError } from '../../../lib/http';
import { mantineHttpUi } from '../../../lib/http-ui';
import { getToken } from '../../../lib/token';

/**
 * `POST /{r}/export` with the list's filter: every matching row as CSV, streamed by the server.
 * Not through `http`, which expects a JSON envelope; errors still come as one and are shown the
 * same way (toast, or the sign-in-again dialog).
 */
export async function downloadCsv(
  path: string,
  body: Record<string, unknown>,
  /** Rewrites the file before it is saved (the form for people); absent: saved byte for byte. */
  rewrite?: (raw: string) => string,
  /** Added to the server's file name before `.csv`, so the two forms never share a name. */
  suffix = '',
): Promise<void> {
  const res = await fetchCsv(`${API_BASE}/${path}/export`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  const served = servedName(res, `${path}.csv`);
  const name = suffix ? served.replace(/(\.csv)?$/i, `${suffix}.csv`) : served;
  const blob = rewrite ? new Blob([rewrite(await res.text())], { type: 'text/csv;charset=utf-8' }) : await res.blob();
  saveBlob(blob, name);
}

/**
 * A CSV answer of the API (`url` in full, with the session's token): the response once it is one.
 * Otherwise the JSON envelope's error is shown as `http` shows it (toast, or the sign-in-again
 * dialog) and thrown, as is a network failure.
 */
export async function fetchCsv(url: string, init: RequestInit = {}): Promise<Response> {
  const headers = new Headers(init.headers);
  const token = getToken();
  if (token) headers.set('X-Token', token);
  let res: Response;
  try {
    res = await fetch(url, { ...init, headers, credentials: 'include' });
  } catch (e) {
    const message = e instanceof Error ? e.message : i18n._(msg`Error`);
    mantineHttpUi.error(message, ERROR_TOAST_MS);
    throw new NetworkError(message);
  }
  if (!res.ok || !(res.headers.get('Content-Type') ?? '').startsWith('text/csv')) {
    const envelope = (await res.json().catch(() => null)) as { code?: number; msg?: string } | null;
    const message = envelope?.msg || i18n._(msg`Error`);
    mantineHttpUi.error(message, ERROR_TOAST_MS);
    if (envelope?.code !== undefined && LOGOUT_CODES.includes(envelope.code)) mantineHttpUi.confirmLogout();
    throw new ApiError(envelope?.code ?? res.status, message, res.status, null);
  }
  return res;
}

/** The file name the server gave the CSV (Content-Disposition), or `fallback`. */
export const servedName = (res: Response, fallback: string): string =>
  /filename="([^"]+)"/.exec(res.headers.get('Content-Disposition') ?? '')?.[1] ?? fallback;

/** Hands `blob` to the browser as a download named `name`. */
export function saveBlob(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  // Revoked on the next turn: the click has handed the blob to the download by then.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
