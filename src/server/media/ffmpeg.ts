import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { setPriority } from 'node:os';
import { z } from 'zod';
import { envInt } from '../env-int';

/**
 * ffmpeg and ffprobe as child processes: the binaries that `npm install` brings
 * (`@ffmpeg-installer/ffmpeg`, `@ffprobe-installer/ffprobe`) or the system's
 * (`LECTERN_FFMPEG_PATH`, `LECTERN_FFPROBE_PATH`). Each runs at a lower priority than the server
 * (`nice` 10) and at most `LECTERN_TRANSCODE_CONCURRENCY` ffmpeg runs at once in this process, so
 * requests keep their share of the CPU while a video is processed. Knows nothing of videos as a
 * resource: files in, files and numbers out.
 */
const settingsSchema = z.object({
  LECTERN_FFMPEG_PATH: z.string().trim().min(1).optional(),
  LECTERN_FFPROBE_PATH: z.string().trim().min(1).optional(),
  LECTERN_TRANSCODE_CONCURRENCY: envInt(1, 64).default(1),
  /** 0..19: how much lower than the server ffmpeg runs (`nice`). */
  LECTERN_TRANSCODE_NICE: envInt(0, 19).default(10),
});

export interface MediaSettings {
  ffmpeg: string;
  ffprobe: string;
  concurrency: number;
  nice: number;
}

const require = createRequire(import.meta.url);

/**
 * The binary an installer package brings, or '' where it has none (a platform it does not
 * cover): the server still starts (cloud mode needs no ffmpeg) and a run says what to set.
 */
function installed(pkg: string): string {
  try {
    return (require(pkg) as { path: string }).path;
  } catch {
    return '';
  }
}

let cached: MediaSettings | undefined;

/** The settings from the environment, read once; a bad value throws with its variable's name. */
export function mediaSettings(env: NodeJS.ProcessEnv = process.env): MediaSettings {
  if (cached && env === process.env) return cached;
  const parsed = settingsSchema.safeParse(env);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new Error(`${String(issue?.path[0])}: ${issue?.message}`);
  }
  const e = parsed.data;
  const out: MediaSettings = {
    ffmpeg: e.LECTERN_FFMPEG_PATH ?? installed('@ffmpeg-installer/ffmpeg'),
    ffprobe: e.LECTERN_FFPROBE_PATH ?? installed('@ffprobe-installer/ffprobe'),
    concurrency: e.LECTERN_TRANSCODE_CONCURRENCY,
    nice: e.LECTERN_TRANSCODE_NICE,
  };
  if (env === process.env) cached = out;
  return out;
}

export class ToolFailed extends Error {
  constructor(
    readonly tool: string,
    readonly code: number | null,
    readonly stderr: string,
  ) {
    super(`${tool} exited with ${code}: ${stderr.trim().split('\n').slice(-3).join(' | ').slice(0, 500)}`);
    this.name = 'ToolFailed';
  }
}

/** A counting semaphore: the per-process cap on ffmpeg runs. */
class Slots {
  private waiting: (() => void)[] = [];
  private used = 0;
  constructor(private readonly size: () => number) {}
  async run<T>(work: () => Promise<T>): Promise<T> {
    if (this.used >= this.size()) await new Promise<void>((resolve) => this.waiting.push(resolve));
    else this.used++;
    try {
      return await work();
    } finally {
      const next = this.waiting.shift();
      if (next) next();
      else this.used--;
    }
  }
}

const slots = new Slots(() => mediaSettings().concurrency);

interface RunOptions {
  signal?: AbortSignal;
  /** Keep at most this much of stdout (ffprobe's JSON); stderr keeps its last 16 KiB. */
  maxStdout?: number;
}

/** Runs a binary at the configured lower priority; resolves with stdout, rejects with ToolFailed. */
export function runTool(binary: string, args: string[], opts: RunOptions = {}): Promise<string> {
  const { nice } = mediaSettings();
  if (!binary)
    return Promise.reject(
      new Error('No ffmpeg/ffprobe for this platform: set LECTERN_FFMPEG_PATH and LECTERN_FFPROBE_PATH'),
    );
  return new Promise((resolve, reject) => {
    const child = spawn(binary, args, { stdio: ['ignore', 'pipe', 'pipe'], signal: opts.signal });
    if (child.pid !== undefined && nice > 0) {
      try {
        setPriority(child.pid, nice);
      } catch {
        // Not allowed here (some containers): it runs at the server's priority.
      }
    }
    let out = '';
    let err = '';
    const maxOut = opts.maxStdout ?? 4 * 1024 * 1024;
    child.stdout.setEncoding('utf8').on('data', (d: string) => {
      if (out.length < maxOut) out += d;
    });
    child.stderr.setEncoding('utf8').on('data', (d: string) => {
      err = (err + d).slice(-16 * 1024);
    });
    child.on('error', (e) => reject(e));
    child.on('close', (code) => {
      if (code === 0) resolve(out);
      else reject(new ToolFailed(binary.split('/').pop() ?? binary, code, err));
    });
  });
}

/** ffmpeg under the per-process cap. */
export const ffmpeg = (args: string[], signal?: AbortSignal) =>
  slots.run(() => runTool(mediaSettings().ffmpeg, ['-hide_banner', '-nostdin', '-y', ...args], { signal }));

export interface Probe {
  /** Seconds. */
  duration: number;
  width: number;
  height: number;
  /** Bits per second of the whole file. */
  bitrate: number;
  videoCodec: string;
  audioCodec: string | null;
  fps: number;
}

interface ProbeJson {
  format?: { duration?: string; bit_rate?: string; format_name?: string };
  streams?: {
    codec_type?: string;
    codec_name?: string;
    width?: number;
    height?: number;
    duration?: string;
    avg_frame_rate?: string;
    r_frame_rate?: string;
    disposition?: { attached_pic?: number };
  }[];
}

const rate = (r: string | undefined) => {
  const [n, d] = (r ?? '0/1').split('/').map(Number);
  return n && d ? n / d : 0;
};

/**
 * What a file holds; null when it is not a video with a duration (not media at all, a still
 * image, audio alone). ffprobe's refusal of an unreadable file is also null, not an error.
 */
export async function probe(file: string, signal?: AbortSignal): Promise<Probe | null> {
  let text: string;
  try {
    text = await runTool(
      mediaSettings().ffprobe,
      ['-v', 'error', '-print_format', 'json', '-show_format', '-show_streams', file],
      { signal, maxStdout: 1024 * 1024 },
    );
  } catch (e) {
    if (e instanceof ToolFailed) return null;
    throw e;
  }
  let j: ProbeJson;
  try {
    j = JSON.parse(text) as ProbeJson;
  } catch {
    return null;
  }
  const streams = j.streams ?? [];
  const video = streams.find((s) => s.codec_type === 'video' && !s.disposition?.attached_pic);
  const audio = streams.find((s) => s.codec_type === 'audio');
  const duration = Number(j.format?.duration ?? video?.duration ?? Number.NaN);
  if (!video?.width || !video.height || !Number.isFinite(duration) || duration <= 0) return null;
  // A single picture (PNG, JPEG) probes as a one-frame "video" of a format named *_pipe or image2.
  if (/image2|_pipe$/.test(j.format?.format_name ?? '')) return null;
  return {
    duration,
    width: video.width,
    height: video.height,
    bitrate: Number(j.format?.bit_rate ?? 0) || 0,
    videoCodec: video.codec_name ?? 'unknown',
    audioCodec: audio?.codec_name ?? null,
    fps: Math.round((rate(video.avg_frame_rate) || rate(video.r_frame_rate)) * 100) / 100,
  };
}
