import { createRequire } from 'node:module';
import { z } from 'zod';
import { envInt } from '../env-int';

/**
 * ffmpeg and ffprobe (AppConfig.media): the binaries that `npm install` brings
 * (`@ffmpeg-installer/ffmpeg`, `@ffprobe-installer/ffprobe`) or the system's, how many run at
 * once and how much lower than the server, and the processing job's timings (LECTERN_TRANSCODE_*).
 */
export interface MediaConfig {
  ffmpeg: string;
  ffprobe: string;
  /** ffmpeg runs (and processing jobs) at once in this app. */
  concurrency: number;
  /** 0..19: how much lower than the server ffmpeg runs (`nice`). */
  nice: number;
  /** The longest one try at a video may take. */
  timeoutSeconds: number;
  /** The wait before a video's second try. */
  retrySeconds: number;
}

/**
 * A number of seconds that is never refused: a value that is not a whole number means the
 * default, one out of bounds the nearest bound.
 */
const clampedSeconds = (fallback: number, min: number, max: number) =>
  z
    .string()
    .optional()
    .transform((v) => {
      const n = v && /^\d+$/.test(v.trim()) ? Number(v) : fallback;
      return Math.min(Math.max(n, min), max);
    });

/** Merged into config.ts's environment schema. */
export const mediaEnvShape = {
  LECTERN_FFMPEG_PATH: z.string().trim().min(1).optional(),
  LECTERN_FFPROBE_PATH: z.string().trim().min(1).optional(),
  LECTERN_TRANSCODE_CONCURRENCY: envInt(1, 64).default(1),
  LECTERN_TRANSCODE_NICE: envInt(0, 19).default(10),
  LECTERN_TRANSCODE_TIMEOUT_SECONDS: clampedSeconds(7200, 5, 86_400),
  LECTERN_TRANSCODE_RETRY_SECONDS: clampedSeconds(30, 1, 86_400),
};

type MediaEnv = z.output<z.ZodObject<typeof mediaEnvShape>>;

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

export const mediaConfigFromEnv = (e: MediaEnv): MediaConfig => ({
  ffmpeg: e.LECTERN_FFMPEG_PATH ?? installed('@ffmpeg-installer/ffmpeg'),
  ffprobe: e.LECTERN_FFPROBE_PATH ?? installed('@ffprobe-installer/ffprobe'),
  concurrency: e.LECTERN_TRANSCODE_CONCURRENCY,
  nice: e.LECTERN_TRANSCODE_NICE,
  timeoutSeconds: e.LECTERN_TRANSCODE_TIMEOUT_SECONDS,
  retrySeconds: e.LECTERN_TRANSCODE_RETRY_SECONDS,
});

/** Every default (the installers' binaries): for an app built without loadConfig (the tests). */
export const defaultMediaConfig = (): MediaConfig => mediaConfigFromEnv(z.object(mediaEnvShape).parse({}));
