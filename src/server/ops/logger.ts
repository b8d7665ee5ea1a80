import { AsyncLocalStorage } from 'node:async_hooks';
import pino from 'pino';
import type { Logger } from '../context';
import type { LogFormat, OpsConfig } from './config';

export type PinoLogger = pino.Logger;

/** What every log line written while a request is handled carries (set by the HTTP middleware). */
export interface RequestLogContext {
  reqId: string;
  /**
   * Where the request came from, for the audit trail's security events written deep in a write
   * (an admin's disabling ends the member's sessions). Not logged: only reqId goes to log lines.
   */
  client?: () => { address: string; userAgent: string };
}

/**
 * The request being handled, for log lines written deep inside handlers (services.log.error in any
 * module): they get the request id without every caller passing it along.
 */
export const requestContext = new AsyncLocalStorage<RequestLogContext>();

/**
 * Requests answered with a file of the built console (static.ts): a page load fetches dozens, so
 * at the default level they would bury the API requests and the start's messages; logged at
 * `debug` (ops/http.ts). Keyed by the request object, which lives only as long as the request.
 */
const quietRequests = new WeakSet<Request>();

/** Marks a request as the console's static file: its access line is logged at `debug` only. */
export const logQuietly = (req: Request) => void quietRequests.add(req);

export const isQuiet = (req: Request) => quietRequests.has(req);

/**
 * Defence in depth: keys that hold secrets anywhere in a logged object are replaced. Nothing logs
 * bodies or headers on purpose; this catches an object logged by mistake.
 */
const REDACT = [
  'password',
  'oldPassword',
  'newPassword',
  'token',
  'authorization',
  'accessKeySecret',
  'securityToken',
  'AccessKeySecret',
  'SecurityToken',
  'headers',
  '*.password',
  '*.oldPassword',
  '*.newPassword',
  '*.token',
  '*.authorization',
  '*.accessKeySecret',
  '*.securityToken',
  '*.AccessKeySecret',
  '*.SecurityToken',
  '*.headers',
];

export interface LoggerOptions {
  level: OpsConfig['log']['level'];
  format: OpsConfig['log']['format'];
  /** Where lines go; default stdout (synchronously, so nothing is lost when the process exits). */
  destination?: pino.DestinationStream;
}

/** The format `auto` picks: readable on a terminal (development), JSON lines anywhere else. */
export function resolveFormat(format: LoggerOptions['format'], isTty = !!process.stdout.isTTY): LogFormat {
  if (format === 'auto') return isTty ? 'pretty' : 'json';
  return format;
}

/**
 * The process logger: JSON lines with `time` (ISO-8601), `level` (a name, not pino's number) and
 * `msg`; inside a request also `reqId`. `pretty` needs pino-pretty (a development dependency):
 * where it is not installed the lines stay JSON.
 */
export async function createLogger(opts: LoggerOptions): Promise<PinoLogger> {
  const options: pino.LoggerOptions = {
    level: opts.level,
    base: { pid: process.pid },
    timestamp: pino.stdTimeFunctions.isoTime,
    formatters: { level: (label) => ({ level: label }) },
    redact: { paths: REDACT, censor: '[redacted]' },
    mixin: () => {
      const ctx = requestContext.getStore();
      return ctx ? { reqId: ctx.reqId } : {};
    },
  };
  if (opts.destination) return pino(options, opts.destination);
  if (resolveFormat(opts.format) === 'pretty') {
    try {
      const { default: pretty } = await import('pino-pretty');
      // A request's method, path and status (and the start's address) are in its message already.
      return pino(
        options,
        pretty({
          sync: true,
          singleLine: true,
          translateTime: 'SYS:HH:MM:ss.l',
          ignore: 'pid,hostname,method,route,path,status,url,database',
        }),
      );
    } catch {
      // A production install without development dependencies: JSON it is.
    }
  }
  return pino(options, pino.destination({ dest: 1, sync: true }));
}

/** A logger that writes nothing: the default for apps built without one (tests). */
export const silentLogger = (): PinoLogger => pino({ level: 'silent' });

/** The app's `Logger` interface (context.ts) over pino, so existing `services.log` calls become JSON lines. */
export function appLogger(logger: PinoLogger): Logger {
  return {
    info: (msg) => logger.info(msg),
    error: (msg, err) => {
      if (err === undefined) logger.error(msg);
      else logger.error({ err: err instanceof Error ? err : new Error(String(err)) }, msg);
    },
  };
}
