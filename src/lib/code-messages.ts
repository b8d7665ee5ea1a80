import { i18n, type MessageDescriptor } from '@lingui/core';
import { msg, plural } from '@lingui/core/macro';
import { Code } from '../contract/envelope';
import { RULE_CODES, type RuleCode, type RuleCodeParams, type RuleReason, ruleReasonOf } from '../contract/rule-codes';

// Apart from lib/http-ui.ts (Mantine's toasts and dialogs), so the sign-in page can use it.

/** Codes whose message is always the same, in the user's language (the server answers in English). */
const CODE_MESSAGES: Partial<Record<number, MessageDescriptor>> = {
  [Code.BadCredentials]: msg`Account and password are incorrect.`,
  [Code.IllegalToken]: msg`Not signed in, or the session was ended`,
  [Code.TokenExpired]: msg`Your session has expired: sign in again.`,
  [Code.StorageFull]: msg`The server's storage is full: nothing was saved. Ask an administrator to free some space.`,
  // The account page asks "Confirm it's you" itself; elsewhere (one's own staff record) this says how.
  [Code.ReauthRequired]: msg`To change your own sign-in name or phone, confirm it's you first: sign out, sign in again, then save once more.`,
};

/**
 * Every rule the server refuses by (`data.reason`, src/contract/rule-codes.ts), in the user's
 * language with its parameters. A new rule without a message here is a type error.
 */
const RULE_MESSAGES: { [C in RuleCode]: (p: RuleCodeParams[C]) => MessageDescriptor } = {
  own_account_delete: () => msg`You cannot delete your own account`,
  own_account_demote: () => msg`You cannot remove the admin role from your own account or disable it`,
  last_admin: ({ name }) =>
    msg`“${name}” is the last active administrator: make another account an administrator first`,
  category_in_use: ({ name }) =>
    msg`Category “${name}” is still in use: move or delete its subclasses, books and resources first`,
  subclass_in_use: ({ name, n }) =>
    msg`Subclass “${name}” is used by ${plural(n, { one: '# book', other: '# books' })}: reassign them first`,
  subclass_move: ({ name, n }) =>
    msg`Subclass “${name}” is used by ${plural(n, { one: '# book', other: '# books' })}: it cannot move to another category`,
  book_open_applications: ({ title, n }) =>
    msg`“${title}” has ${plural(n, { one: '# open application', other: '# open applications' })} (pending or on loan): settle them first`,
  book_history: ({ title, n }) =>
    msg`“${title}” has borrowing history (${plural(n, { one: '# application', other: '# applications' })}): set it off shelf instead`,
  reader_applications: ({ name, n }) =>
    msg`Reader “${name}” has ${plural(n, { one: '# application', other: '# applications' })}: disable the reader instead`,
  transition: ({ from, to }) => msg`An application that is ${from} cannot become ${to}`,
  no_copies: ({ title }) => msg`No copies of “${title}” are left to lend`,
  copies_available: ({ title }) => msg`Copies of “${title}” are available: approve the request instead`,
  renew_held: ({ title }) => msg`Someone is waiting for “${title}”: the loan cannot be renewed`,
  renew_limit: ({ max }) =>
    msg`This loan was renewed ${plural(max, { one: '# time', other: '# times' })} already, the most the loan policy allows`,
  not_on_loan: () => msg`Only a book on loan can be renewed`,
  stale: () => msg`This record was changed by someone else meanwhile`,
  passkey_only: () => msg`This account signs in with a passkey: use “Sign in with a passkey”`,
  referenced: () => msg`This record is still referenced by other records`,
  taken: ({ value }) => (value ? msg`“${value}” is already in use` : msg`A unique value is already in use`),
  forbidden_role: () => msg`Your role may not do this`,
};

/** A refusal by a rule, in the user's language; undefined when a parameter its message needs is missing. */
export function ruleMessage(reason: RuleReason): string | undefined {
  const params = (reason.params ?? {}) as Record<string, unknown>;
  const needs = RULE_SAMPLE_KEYS[reason.code];
  if (needs.some((k) => params[k] === undefined)) return undefined;
  return i18n._((RULE_MESSAGES[reason.code] as (p: unknown) => MessageDescriptor)(params));
}

const RULE_SAMPLE_KEYS = Object.fromEntries(
  Object.entries(RULE_CODES).map(([code, sample]) => [code, Object.keys(sample)]),
) as Record<RuleCode, string[]>;

/** A translated message for a code of fixed meaning, or a refusal by a rule (see HttpUi.codeMessage). */
export function codeMessage(code: number, data: unknown): string | undefined {
  const rule = ruleReasonOf(data);
  if (rule) {
    const said = ruleMessage(rule);
    if (said) return said;
  }
  if (code === Code.TooManyRequests) {
    const seconds = Number((data as { retryAfter?: unknown } | null)?.retryAfter);
    if (!(seconds > 0)) return i18n._(msg`Too many failed attempts. Try again later.`);
    const minutes = Math.max(1, Math.ceil(seconds / 60));
    return i18n._(
      msg`Too many failed attempts. Try again in about ${plural(minutes, { one: '# minute', other: '# minutes' })}.`,
    );
  }
  const known = CODE_MESSAGES[code];
  return known ? i18n._(known) : undefined;
}
