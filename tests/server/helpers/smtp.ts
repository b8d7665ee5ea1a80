import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  from: string;
  to: string[];
  /** The raw message as received (headers and body). */
  raw: string;
  /** The decoded Subject header. */
  subject: string;
}

export interface TestSmtp {
  port: number;
  /** smtp://user:pass@127.0.0.1:port */
  url: string;
  received: ReceivedMail[];
  /** RCPT TO these addresses is answered 550 (the server refuses the recipient). */
  rejecting: Set<string>;
  /** Tries per recipient (accepted or not), to count the retries. */
  rcptTries: Map<string, number>;
  close(): Promise<void>;
}

/** RFC 2047 encoded words (`=?UTF-8?B?…?=`, `=?UTF-8?Q?…?=`) back to text, folded lines joined. */
export function decodeHeader(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?([^?]+)\?([BbQq])\?([^?]*)\?=/g, (_, _charset: string, enc: string, text: string) =>
      enc.toUpperCase() === 'B'
        ? Buffer.from(text, 'base64').toString('utf8')
        : Buffer.from(
            text
              .replace(/_/g, ' ')
              .replace(/=([0-9A-F]{2})/gi, (_m, h: string) => String.fromCharCode(Number.parseInt(h, 16))),
            'latin1',
          ).toString('utf8'),
    );
}

/**
 * A real SMTP server (the `smtp-server` package) on a free loopback port, as the mail of a test:
 * plain SMTP with AUTH PLAIN/LOGIN accepted for user `user`, password `pass`, no STARTTLS.
 */
export async function startSmtp(): Promise<TestSmtp> {
  const received: ReceivedMail[] = [];
  const rejecting = new Set<string>();
  const rcptTries = new Map<string, number>();
  const server = new SMTPServer({
    disabledCommands: ['STARTTLS'],
    allowInsecureAuth: true,
    authOptional: false,
    logger: false,
    onAuth(auth, _session, cb) {
      if (auth.username === 'user' && auth.password === 'pass') cb(null, { user: 'user' });
      else cb(Object.assign(new Error('Invalid username or password'), { responseCode: 535 }));
    },
    onRcptTo(address, _session, cb) {
      const to = address.address.toLowerCase();
      rcptTries.set(to, (rcptTries.get(to) ?? 0) + 1);
      if (rejecting.has(to)) cb(Object.assign(new Error(`<${to}>: Recipient address rejected`), { responseCode: 550 }));
      else cb();
    },
    onData(stream, session, cb) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        const head = raw.split(/\r?\n\r?\n/)[0] ?? '';
        const m = /^Subject: (.*(?:\r?\n[ \t].*)*)/im.exec(head);
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw,
          subject: decodeHeader((m?.[1] ?? '').replace(/\r?\n[ \t]/g, ' ')),
        });
        cb();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const port = (server.server.address() as AddressInfo).port;
  return {
    port,
    url: `smtp://user:pass@127.0.0.1:${port}`,
    received,
    rejecting,
    rcptTries,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
