import { i18n, type Messages } from '@lingui/core';
import { afterEach, describe, expect, it } from 'vitest';
import { Code } from '../../../src/contract/envelope';
import { RULE_CODES, type RuleCode } from '../../../src/contract/rule-codes';
import { codeMessage } from '../../../src/lib/code-messages';
import { messages as es } from '../../../src/locales/es/messages.po';
import { messages as ja } from '../../../src/locales/ja/messages.po';
import { messages as zh } from '../../../src/locales/zh/messages.po';

afterEach(() => i18n.loadAndActivate({ locale: 'en', messages: {} }));

const CODES = Object.keys(RULE_CODES) as RuleCode[];
const refusal = (code: RuleCode) => ({ reason: { code, params: RULE_CODES[code] } });
const say = (locale: string, messages: Messages, code: RuleCode) => {
  i18n.loadAndActivate({ locale, messages });
  return codeMessage(Code.Conflict, refusal(code));
};

describe('refusals by a rule (data.reason) in every language', () => {
  it.each(CODES)('%s has an English message with its parameters filled in', (code) => {
    const text = say('en', {}, code);
    expect(text).toBeTruthy();
    for (const value of Object.values(RULE_CODES[code])) expect(text).toContain(String(value));
  });

  const locales: [string, Messages][] = [
    ['zh', zh],
    ['es', es],
    ['ja', ja],
  ];
  describe.each(locales)('%s', (locale, messages) => {
    it.each(CODES)('%s is translated, parameters kept', (code) => {
      const english = say('en', {}, code);
      const text = say(locale, messages, code);
      expect(text).toBeTruthy();
      expect(text).not.toBe(english);
      for (const value of Object.values(RULE_CODES[code])) expect(text).toContain(String(value));
    });
  });

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
