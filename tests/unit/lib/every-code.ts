import { i18n, type Messages } from '@lingui/core';
import { describe, expect, it } from 'vitest';
import { messages as es } from '../../../src/locales/es/messages.po';
import { messages as ja } from '../../../src/locales/ja/messages.po';
import { messages as zh } from '../../../src/locales/zh/messages.po';

const TRANSLATED: [string, Messages][] = [
  ['zh', zh],
  ['es', es],
  ['ja', ja],
];

/**
 * Tests that every code of a catalogue (a code with sample parameters) reads as a message with its
 * parameters filled in, in English and, translated, in every other language of the console.
 * `say` renders a code in the active locale.
 */
export function itSaysEveryCode<C extends string>(
  codes: Record<C, Record<string, unknown>>,
  say: (code: C) => string | undefined,
): void {
  const names = Object.keys(codes) as C[];
  const sayIn = (locale: string, messages: Messages, code: C) => {
    i18n.loadAndActivate({ locale, messages });
    return say(code);
  };
  const expectParams = (text: string | undefined, code: C) => {
    expect(text).toBeTruthy();
    for (const value of Object.values(codes[code])) expect(text).toContain(String(value));
  };

  it.each(names)('%s has an English message with its parameters filled in', (code) => {
    expectParams(sayIn('en', {}, code), code);
  });

  describe.each(TRANSLATED)('%s', (locale, messages) => {
    it.each(names)('%s is translated, parameters kept', (code) => {
      const english = sayIn('en', {}, code);
      const text = sayIn(locale, messages, code);
      expect(text).not.toBe(english);
      expectParams(text, code);
    });
  });
}
