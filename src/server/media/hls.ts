import { mkdir, readdir, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Media, Probe } from './ffmpeg';

/** One HLS rendition: its playlist and what a player needs to choose it. */
export interface Rendition {
  /** `360p`, `720p`, `1080p` (or the source's own height below 360). */
  name: string;
  width: number;
  height: number;
  /** Peak bits per second announced in the master playlist (video + audio). */
  bandwidth: number;
  /** Bytes of its segments. */
  size: number;
  /** Path of its playlist relative to the output folder. */
  playlist: string;
}

/** Heights offered, each with its video bitrate cap (bits/s); a source gets those at or below its height. */
const LADDER: { height: number; videoBitrate: number }[] = [
  { height: 360, videoBitrate: 800_000 },
  { height: 720, videoBitrate: 2_800_000 },
  { height: 1080, videoBitrate: 5_000_000 },
];
const AUDIO_BITRATE = 128_000;
/** Seconds per segment: short enough to start fast, long enough to keep requests few. */
const SEGMENT_SECONDS = 4;

const even = (n: number) => Math.max(2, Math.round(n / 2) * 2);

/** The renditions a source gets: every step of the ladder at or below its height, at least one. */
export function ladderFor(
  p: Pick<Probe, 'width' | 'height'>,
): { height: number; width: number; videoBitrate: number }[] {
  const steps = LADDER.filter((s) => s.height <= p.height);
  const chosen =
    steps.length > 0 ? steps : [{ height: even(p.height), videoBitrate: LADDER[0]?.videoBitrate ?? 800_000 }];
  return chosen.map((s) => ({ ...s, width: even((p.width * s.height) / p.height) }));
}

/** Frame grabs spread over the clip (at 1/8, 3/8, 5/8, 7/8 of 4), as JPEG at most 720 px high. */
export async function snapshots(
  media: Pick<Media, 'ffmpeg'>,
  source: string,
  outDir: string,
  p: Probe,
  count = 4,
  signal?: AbortSignal,
): Promise<string[]> {
  const names: string[] = [];
  for (let i = 0; i < count; i++) {
    const at = Math.max(0, (p.duration * (2 * i + 1)) / (2 * count) - 0.05);
    const name = `snapshot-${i + 1}.jpg`;
    await media.ffmpeg(
      [
        '-ss',
        at.toFixed(3),
        '-i',
        source,
        '-frames:v',
        '1',
        '-vf',
        `scale=-2:'min(720,ih)'`,
        '-q:v',
        '4',
        join(outDir, name),
      ],
      signal,
    );
    names.push(name);
  }
  return names;
}

/**
 * HLS (MPEG-TS segments, H.264 + AAC) of every rendition in one ffmpeg run (one decode, one scale
 * per rendition), `-preset veryfast`; then `master.m3u8` naming them. Returns them, smallest first.
 */
export async function transcodeHls(
  media: Pick<Media, 'ffmpeg'>,
  source: string,
  outDir: string,
  p: Probe,
  signal?: AbortSignal,
): Promise<Rendition[]> {
  const ladder = ladderFor(p);
  const split = ladder.length > 1 ? `[0:v]split=${ladder.length}${ladder.map((_, i) => `[s${i}]`).join('')};` : '';
  const scales = ladder
    .map((r, i) => `[${ladder.length > 1 ? `s${i}` : '0:v'}]scale=${r.width}:${r.height},format=yuv420p[v${i}]`)
    .join(';');
  const args = ['-i', source, '-filter_complex', `${split}${scales}`];
  for (const [i, r] of ladder.entries()) {
    const dir = `${r.height}p`;
    await mkdir(join(outDir, dir), { recursive: true });
    args.push(
      '-map',
      `[v${i}]`,
      '-map',
      '0:a:0?',
      '-c:v',
      'libx264',
      '-preset',
      'veryfast',
      '-profile:v',
      'main',
      '-crf',
      '23',
      '-maxrate',
      String(r.videoBitrate),
      '-bufsize',
      String(r.videoBitrate * 2),
      // A key frame at every segment boundary, whatever the source's frame rate.
      '-force_key_frames',
      `expr:gte(t,n_forced*${SEGMENT_SECONDS})`,
      '-sc_threshold',
      '0',
      '-c:a',
      'aac',
      '-b:a',
      String(AUDIO_BITRATE),
      '-ac',
      '2',
      '-f',
      'hls',
      '-hls_time',
      String(SEGMENT_SECONDS),
      '-hls_playlist_type',
      'vod',
      '-hls_segment_filename',
      join(outDir, dir, 'segment-%04d.ts'),
      join(outDir, dir, 'index.m3u8'),
    );
  }
  await media.ffmpeg(args, signal);
  const out: Rendition[] = [];
  for (const r of ladder) {
    const dir = `${r.height}p`;
    let size = 0;
    for (const f of await readdir(join(outDir, dir))) size += (await stat(join(outDir, dir, f))).size;
    const measured = p.duration > 0 ? Math.round((size * 8) / p.duration) : 0;
    out.push({
      name: dir,
      width: r.width,
      height: r.height,
      bandwidth: Math.max(measured, 1),
      size,
      playlist: `${dir}/index.m3u8`,
    });
  }
  const master = [
    '#EXTM3U',
    '#EXT-X-VERSION:3',
    ...out.flatMap((r) => [
      `#EXT-X-STREAM-INF:BANDWIDTH=${Math.round(r.bandwidth * 1.2)},AVERAGE-BANDWIDTH=${r.bandwidth},RESOLUTION=${r.width}x${r.height}`,
      r.playlist,
    ]),
    '',
  ].join('\n');
  await writeFile(join(outDir, 'master.m3u8'), master);
  return out;
}
