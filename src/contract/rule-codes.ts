/**
 * Why the server refused a request by a rule of the data (409, 403), as a code with the parameters
 * its message needs. The server sends it as `data.reason` beside docs/api.md's English `msg`
 * (docs/api-additions.md); the console words it in the user's language (src/lib/code-messages.ts).
 * Add one here and TypeScript asks the console for its message.
 */
export interface RuleCodeParams {
  /** Deleting the account one is signed in with. */
  own_account_delete: Record<string, never>;
  /** Taking the admin role from, or disabling, one's own account. */
  own_account_demote: Record<string, never>;
  last_admin: { name: string };
  category_in_use: { name: string };
  subclass_in_use: { name: string; n: number };
  subclass_move: { name: string; n: number };
  book_open_applications: { title: string; n: number };
  book_history: { title: string; n: number };
  reader_applications: { name: string; n: number };
  transition: { from: string; to: string };
  no_copies: { title: string };
  /** A hold while copies are on the shelf: approve instead. */
  copies_available: { title: string };
  /** Renewing a loan of a book someone waits for (on hold or ready). */
  renew_held: { title: string };
  /** Renewing a loan renewed `max` times already (loan policy). */
  renew_limit: { max: number };
  /** Renewing a request that is not on loan (approved). */
  not_on_loan: Record<string, never>;
  /** Someone else saved the record first (optimistic version). */
  stale: Record<string, never>;
  /** Other records still point at it. */
  referenced: Record<string, never>;
  /** A unique value (a name, an ISBN, a phone) is taken; `value` when it is known. */
  taken: { value: string };
  forbidden_role: Record<string, never>;
  /** A password sign-in of a member whose second factor is a passkey only: sign in with it. */
  passkey_only: Record<string, never>;
}

export type RuleCode = keyof RuleCodeParams;

export type RuleReason = { [C in RuleCode]: { code: C; params?: RuleCodeParams[C] } }[RuleCode];

/** Every code once, with sample parameters (a test asks each for a message in each language). */
export const RULE_CODES: { [C in RuleCode]: RuleCodeParams[C] } = {
  own_account_delete: {},
  own_account_demote: {},
  last_admin: { name: 'librarian' },
  category_in_use: { name: 'Fiction' },
  subclass_in_use: { name: 'Haiku', n: 3 },
  subclass_move: { name: 'Haiku', n: 3 },
  book_open_applications: { title: 'Dune', n: 2 },
  book_history: { title: 'Dune', n: 4 },
  reader_applications: { name: 'Quinn', n: 5 },
  transition: { from: 'returned', to: 'approved' },
  no_copies: { title: 'Dune' },
  copies_available: { title: 'Dune' },
  renew_held: { title: 'Dune' },
  renew_limit: { max: 2 },
  not_on_loan: {},
  stale: {},
  referenced: {},
  taken: { value: '9780306406157' },
  forbidden_role: {},
  passkey_only: {},
};

/** The rule reason an error envelope's `data` carries, if any (a newer server's unknown code: none). */
export function ruleReasonOf(data: unknown): RuleReason | undefined {
  const reason = (data as { reason?: { code?: unknown; params?: unknown } } | null)?.reason;
  if (!reason || typeof reason.code !== 'string' || !Object.hasOwn(RULE_CODES, reason.code)) return undefined;
  return reason as RuleReason;
}
