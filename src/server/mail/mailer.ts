import { createTransport } from 'nodemailer';
import { defaultMailConfig, type MailConfig } from './config';

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
}

/**
 * Outgoing mail through the configured SMTP server (nodemailer). Off when LECTERN_SMTP_URL is not
 * set: `enabled` says so and the callers record that nothing was sent. One connection per message:
 * a few notices a day need no pool, and a fresh connection fails (and is retried) on its own.
 */
export class Mailer {
  readonly config: MailConfig;

  /** Without a configuration (an app built by hand, the tests): mail off, and no daily run by the clock. */
  constructor(config: MailConfig | undefined) {
    this.config = config ?? { ...defaultMailConfig, remindersHourUtc: 24 };
  }

  get enabled(): boolean {
    return this.config.smtpUrl !== undefined;
  }

  /** Sends one message; resolves with the server's message id, rejects with its refusal or the network's error. */
  async send(mail: OutgoingMail, signal?: AbortSignal): Promise<string> {
    if (!this.config.smtpUrl) throw new Error('mail is off (LECTERN_SMTP_URL is not set)');
    const transport = createTransport({
      url: this.config.smtpUrl,
      // A server that does not answer fails this try within a minute, not after nodemailer's 2 + 10 minutes.
      connectionTimeout: 20_000,
      greetingTimeout: 20_000,
      socketTimeout: 60_000,
    });
    try {
      const info = await transport.sendMail({ from: this.config.from, ...mail, signal });
      return String(info.messageId ?? '');
    } finally {
      transport.close();
    }
  }
}
