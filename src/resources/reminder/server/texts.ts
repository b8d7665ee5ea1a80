import type { MailLanguage } from '../../../server/mail/config';
import type { ReminderKind } from '../schema';

interface Facts {
  reader: string;
  title: string;
  /** ISO: the due date, or the end of the pickup. */
  date: string;
}

const LOCALES: Record<MailLanguage, string> = { zh: 'zh-CN', en: 'en-GB', es: 'es-ES', ja: 'ja-JP' };

/** The date as a reader reads it ("30 November 2026", "2026年11月30日"), in the server's time zone. */
export const mailDate = (iso: string, language: MailLanguage) =>
  new Intl.DateTimeFormat(LOCALES[language], { dateStyle: 'long' }).format(new Date(iso));

type Text = (f: Facts, date: string) => { subject: string; body: string };

/**
 * The notices, short, one per kind and language: the book and the date in the subject or the
 * first line, so a phone's preview says it all. Written here rather than in the console's
 * catalogues: readers never see the console, and the server has no Lingui.
 */
const TEXTS: Record<MailLanguage, Record<ReminderKind, Text>> = {
  en: {
    due_soon: (f, d) => ({
      subject: `Due soon: ${f.title}`,
      body: `Hello ${f.reader},\n\n"${f.title}" is due back on ${d}. Please return or renew it by then.`,
    }),
    overdue: (f, d) => ({
      subject: `Overdue: ${f.title}`,
      body: `Hello ${f.reader},\n\n"${f.title}" was due back on ${d}. Please return it as soon as you can.`,
    }),
    ready: (f, d) => ({
      subject: `Ready for pickup: ${f.title}`,
      body: `Hello ${f.reader},\n\n"${f.title}" is waiting for you at the desk. We keep it for you until ${d}.`,
    }),
  },
  zh: {
    due_soon: (f, d) => ({
      subject: `即将到期：《${f.title}》`,
      body: `${f.reader}，您好：\n\n您借阅的《${f.title}》将于 ${d} 到期，请在此之前归还或续借。`,
    }),
    overdue: (f, d) => ({
      subject: `已逾期：《${f.title}》`,
      body: `${f.reader}，您好：\n\n您借阅的《${f.title}》已于 ${d} 到期，请尽快归还。`,
    }),
    ready: (f, d) => ({
      subject: `可以取书了：《${f.title}》`,
      body: `${f.reader}，您好：\n\n您预约的《${f.title}》已可在服务台领取，为您保留至 ${d}。`,
    }),
  },
  es: {
    due_soon: (f, d) => ({
      subject: `Vence pronto: ${f.title}`,
      body: `Hola, ${f.reader}:\n\n«${f.title}» vence el ${d}. Devuélvalo o renuévelo antes de esa fecha.`,
    }),
    overdue: (f, d) => ({
      subject: `Préstamo vencido: ${f.title}`,
      body: `Hola, ${f.reader}:\n\n«${f.title}» venció el ${d}. Devuélvalo lo antes posible.`,
    }),
    ready: (f, d) => ({
      subject: `Listo para recoger: ${f.title}`,
      body: `Hola, ${f.reader}:\n\n«${f.title}» le espera en el mostrador. Se lo guardamos hasta el ${d}.`,
    }),
  },
  ja: {
    due_soon: (f, d) => ({
      subject: `返却期限が近づいています：『${f.title}』`,
      body: `${f.reader} 様\n\nお借りの『${f.title}』の返却期限は ${d} です。期限までに返却または延長してください。`,
    }),
    overdue: (f, d) => ({
      subject: `返却期限を過ぎています：『${f.title}』`,
      body: `${f.reader} 様\n\nお借りの『${f.title}』は ${d} が返却期限でした。お早めにご返却ください。`,
    }),
    ready: (f, d) => ({
      subject: `お受け取りいただけます：『${f.title}』`,
      body: `${f.reader} 様\n\nご予約の『${f.title}』をカウンターでお受け取りいただけます。${d} までお取り置きします。`,
    }),
  },
};

/** The subject and text of one notice. */
export const reminderText = (language: MailLanguage, kind: ReminderKind, facts: Facts) =>
  TEXTS[language][kind](facts, mailDate(facts.date, language));
