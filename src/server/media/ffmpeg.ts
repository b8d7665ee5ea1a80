import { spawn } from 'node:child_process';
import { setPriority } from 'node:os';
import type { MediaConfig } from './config';

/**
 * ffmpeg and ffprobe as child processes, the binaries of the configuration (media/config.ts).
 * Each runs at a lower priority than the server (`nice`, LECTERN_TRANSCODE_NICE) and at most
 * LECTERN_TRANSCODE_CONCURRENCY ffmpeg runs at once in the app (one per process in production),
 * so requests keep their share of the CPU while a video is processed. Knows nothing of videos as
 * a resource: files in, files and numbers out.
 */
export class Media {
  private readonly slots: Slots;

  constructor(readonly config: MediaConfig) {
    this.slots = new Slots(config.concurrency);
  }

  /** ffmpeg under the app's cap. */
  ffmpeg(args: string[], signal?: AbortSignal): Promise<string> {
    return this.slots.run(() =>
      runTool(this.config.ffmpeg, ['-hide_banner', '-nostdin', '-y', ...args], { signal, nice: this.config.nice }),
    );
  }

  /**
   * What a file holds; null when it is not a video with a duration (not media at all, a still
   * image, audio alone). ffprobe's refusal of an unreadable file is also null, not an error.
   */
  async probe(file: string, signal?: AbortSignal): Promise<Probe | null> {
    let text: string;
    try {
      text = await runTool(
        this.config.ffprobe,
        ['-v', 'error', '-print_format', 'json', '-show_format', '-show_streams', file],
        { signal, maxStdout: 1024 * 1024, nice: this.config.nice },
      );
    } catch (e) {
      if (e instanceof ToolFailed) return null;
      throw e;
    }
    return probeOf(text);
  }
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

/** A counting semaphore: the app's cap on ffmpeg runs. */
class Slots {
  private waiting: (() => void)[] = [];
  private used = 0;
  constructor(private readonly size: number) {}
  async run<T>(work: () => Promise<T>): Promise<T> {
    if (this.used >= this.size) await new Promise<void>((resolve) => this.waiting.push(resolve));
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

interface RunOptions {
  signal?: AbortSignal;
  /** Keep at most this much of stdout (ffprobe's JSON); stderr keeps its last 16 KiB. */
  maxStdout?: number;
  /** How much lower than the server it runs (0: the same). */
  nice?: number;
}

/** Runs a binary at the given lower priority; resolves with stdout, rejects with ToolFailed. */
function runTool(binary: string, args: string[], opts: RunOptions = {}): Promise<string> {
  const nice = opts.nice ?? 0;
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

/** ffprobe's JSON read; null when it is not a video with a duration. */
function probeOf(text: string): Probe | null {
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
