import { i18n } from '@lingui/core';
import { afterEach, describe, expect, it } from 'vitest';
import { Code } from '../../../src/contract/envelope';
import { RULE_CODES, type RuleCode } from '../../../src/contract/rule-codes';
import { codeMessage } from '../../../src/lib/code-messages';
import { itSaysEveryCode } from './every-code';

afterEach(() => i18n.loadAndActivate({ locale: 'en', messages: {} }));

const refusal = (code: RuleCode) => ({ reason: { code, params: RULE_CODES[code] } });

describe('refusals by a rule (data.reason) in every language', () => {
  itSaysEveryCode(RULE_CODES, (code) => codeMessage(Code.Conflict, refusal(code)));

  it('counts agree with their number (plural forms)', () => {
    i18n.loadAndActivate({ locale: 'en', messages: {} });
    const one = codeMessage(Code.Conflict, { reason: { code: 'subclass_in_use', params: { name: 'Haiku', n: 1 } } });
    const many = codeMessage(Code.Conflict, { reason: { code: 'subclass_in_use', params: { name: 'Haiku', n: 3 } } });
    expect(one).toContain('1 book:');
    expect(many).toContain('3 books:');
  });

  it("leaves the server's own text for an unknown rule or one missing its parameters", () => {
    expect(codeMessage(Code.Conflict, { reason: { code: 'from_a_newer_server' } })).toBeUndefined();
    expect(codeMessage(Code.Conflict, { reason: { code: 'category_in_use' } })).toBeUndefined();
    expect(codeMessage(Code.Conflict, null)).toBeUndefined();
  });
});
