import { z } from 'zod';
import { envInt } from '../env-int';

export const MAIL_LANGUAGES = ['zh', 'en', 'es', 'ja'] as const;
export type MailLanguage = (typeof MAIL_LANGUAGES)[number];

/** Outgoing mail (AppConfig.mail): the SMTP server, the sender, the language, retries, the daily hour. */
export interface MailConfig {
  /** `smtp://user:pass@host:port` (`smtps://` for TLS from the start); undefined: mail is off. */
  smtpUrl: string | undefined;
  /** The From of every message, e.g. `Lectern <library@example.org>`. */
  from: string;
  /** The language of the notices (the readers' site has one language for all). */
  language: MailLanguage;
  /** Tries per message, the first included. */
  attempts: number;
  /** Seconds before the second try; each next one waits twice as long. */
  retrySeconds: number;
  /** The hour (UTC) from which the day's reminders are made; 24: never by the clock (Run now only). */
  remindersHourUtc: number;
}

export const defaultMailConfig: MailConfig = {
  smtpUrl: undefined,
  from: 'Lectern <no-reply@localhost>',
  language: 'en',
  attempts: 3,
  retrySeconds: 60,
  remindersHourUtc: 8,
};

/** Merged into config.ts's environment schema. */
export const mailEnvShape = {
  LECTERN_SMTP_URL: z
    .string()
    .trim()
    .regex(/^smtps?:\/\/[^/\s]+/, 'must be an smtp:// or smtps:// URL, e.g. smtp://user:pass@host:587')
    .optional(),
  LECTERN_MAIL_FROM: z.string().trim().min(3).max(200).default(defaultMailConfig.from),
  LECTERN_MAIL_LANGUAGE: z
    .enum(MAIL_LANGUAGES, { error: `must be one of ${MAIL_LANGUAGES.join(', ')}` })
    .default(defaultMailConfig.language),
  LECTERN_MAIL_ATTEMPTS: envInt(1, 20).default(defaultMailConfig.attempts),
  LECTERN_MAIL_RETRY_SECONDS: envInt(1, 86_400).default(defaultMailConfig.retrySeconds),
  LECTERN_REMINDERS_HOUR: envInt(0, 24).default(defaultMailConfig.remindersHourUtc),
};

type MailEnv = z.output<z.ZodObject<typeof mailEnvShape>>;

export const mailConfigFromEnv = (e: MailEnv): MailConfig => ({
  smtpUrl: e.LECTERN_SMTP_URL,
  from: e.LECTERN_MAIL_FROM,
  language: e.LECTERN_MAIL_LANGUAGE,
  attempts: e.LECTERN_MAIL_ATTEMPTS,
  retrySeconds: e.LECTERN_MAIL_RETRY_SECONDS,
  remindersHourUtc: e.LECTERN_REMINDERS_HOUR,
});
