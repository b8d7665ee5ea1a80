import { describe, expect, it } from 'vitest';
import { ratePassword } from '../../../../src/contract/password-policy';
import { judgePassword, type PasswordRating, personalWords } from '../../../../src/features/account/model';

const ok = (score: number) => ({ score });
const weak = (score: number) => ({ score, problem: 'tooWeak' as const });
const common = (score: number) => ({ score, problem: 'tooCommon' as const });
const rated = (password: string, general: PasswordRating['general'], personal = general): PasswordRating => ({
  password,
  general,
  personal,
});

describe('judgePassword (the meter’s rule list)', () => {
  it.each([
    ['nothing typed: nothing judged', '', undefined, ['idle', 'idle', 'idle', 'idle'], undefined, false],
    ['short: only the length, at once', 'abc', undefined, ['unmet', 'idle', 'idle', 'idle'], 0, false],
    ['11 characters is short', 'abcdefghijk', undefined, ['unmet', 'idle', 'idle', 'idle'], 0, false],
    // Twelve characters as people count them: the emoji are one each, though two UTF-16 units.
    [
      '12 emoji are 12 characters',
      '😀'.repeat(12),
      undefined,
      ['met', 'checking', 'checking', 'checking'],
      undefined,
      false,
    ],
    [
      'long, not rated yet',
      'correct horse battery',
      undefined,
      ['met', 'checking', 'checking', 'checking'],
      undefined,
      false,
    ],
    [
      'a rating of an earlier password is not used',
      'correct horse battery',
      rated('correct horse batter', ok(4)),
      ['met', 'checking', 'checking', 'checking'],
      undefined,
      false,
    ],
    ['strong', 'violet-kettle-harbour', rated('violet-kettle-harbour', ok(4)), ['met', 'met', 'met', 'met'], 4, true],
    ['score 3 is enough', 'violet-kettle-9', rated('violet-kettle-9', ok(3)), ['met', 'met', 'met', 'met'], 3, true],
    [
      'a breached password breaks two rules',
      'password1234',
      rated('password1234', common(0)),
      ['met', 'unmet', 'unmet', 'met'],
      0,
      false,
    ],
    [
      'a guessable one breaks one',
      'qwertyuiop12',
      rated('qwertyuiop12', weak(2)),
      ['met', 'met', 'unmet', 'met'],
      2,
      false,
    ],
    [
      'strong on its own, weak with the member’s name: built from it',
      'OliviaOperator2024',
      rated('OliviaOperator2024', ok(3), weak(1)),
      ['met', 'met', 'met', 'unmet'],
      1,
      false,
    ],
  ])('%s', (_, password, rating, states, score, acceptable) => {
    const verdict = judgePassword(password, rating);
    expect([verdict.rules.length, verdict.rules.common, verdict.rules.guess, verdict.rules.personal]).toEqual(states);
    expect(verdict.score).toBe(score);
    expect(verdict.acceptable).toBe(acceptable);
  });

  it('judges real ratings of the shared rule the same way', async () => {
    const rate = async (password: string, words: string[]) =>
      judgePassword(password, {
        password,
        general: await ratePassword(password),
        personal: await ratePassword(password, words),
      });
    expect((await rate('password1234', [])).rules.common).toBe('unmet');
    expect((await rate('violet-kettle-harbour-71', [])).acceptable).toBe(true);
    const own = await rate('oliviaoperator', personalWords(['olivia_ops', 'Olivia Operator']));
    expect(own.rules.personal).toBe('unmet');
    expect(own.acceptable).toBe(false);
  });
});

describe('personalWords', () => {
  it('keeps whole values and the words of each, three letters or more, once', () => {
    expect(personalWords(['olivia_ops', 'Olivia Operator', '13900000001', ''])).toEqual([
      'olivia_ops',
      'olivia',
      'ops',
      'Olivia Operator',
      'Olivia',
      'Operator',
      '13900000001',
    ]);
  });
});
