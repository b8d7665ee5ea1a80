import { stat } from 'node:fs/promises';
import type { Hono } from 'hono';
import type { AppEnv } from '../context';
import { MEDIA_URL_PREFIX, mediaFile } from '../media/store';
import type { Services } from '../services';
import { parseRange } from './oss-object';
import { fileStream } from './storage';

const TYPES: Record<string, string> = {
  m3u8: 'application/vnd.apple.mpegurl',
  ts: 'video/mp2t',
  m4s: 'video/iso.segment',
  mp4: 'video/mp4',
  jpg: 'image/jpeg',
};

/**
 * Processing outputs (HLS playlists and segments, snapshots) at `/vod-media/<id>/<run>/…`, public
 * like a completed object (names are unguessable): a folder is written once per run and never
 * changed, so everything but a playlist is cached for a year; Range for players that ask.
 */
export function registerMediaFiles(app: Hono<AppEnv>, services: Services) {
  app.on(['GET', 'HEAD'], `${MEDIA_URL_PREFIX}/*`, async (c) => {
    const rest = c.req.path.slice(MEDIA_URL_PREFIX.length + 1).split('/');
    const file = mediaFile(services.dataDir, rest);
    const type = TYPES[/\.([a-z0-9]+)$/.exec(rest.at(-1) ?? '')?.[1] ?? ''];
    const size =
      file && type
        ? await stat(file).then(
            (s) => (s.isFile() ? s.size : -1),
            () => -1,
          )
        : -1;
    if (!file || !type || size < 0) return c.text('Not found', 404, { 'Cache-Control': 'no-store' });
    const headers: Record<string, string> = {
      'Content-Type': type,
      'Accept-Ranges': 'bytes',
      'Access-Control-Allow-Origin': '*',
      'Cache-Control': type.includes('mpegurl') ? 'public, max-age=300' : 'public, max-age=31536000, immutable',
    };
    const range = parseRange(c.req.header('range'), size);
    if (range === 'invalid') return c.body(null, 416, { ...headers, 'Content-Range': `bytes */${size}` });
    if (range) {
      headers['Content-Range'] = `bytes ${range.start}-${range.end}/${size}`;
      headers['Content-Length'] = String(range.end - range.start + 1);
      return c.body(fileStream(file, range.start, range.end), 206, headers);
    }
    headers['Content-Length'] = String(size);
    if (size === 0 || c.req.method === 'HEAD') return c.body(null, 200, headers);
    return c.body(fileStream(file, 0, size - 1), 200, headers);
  });
}
