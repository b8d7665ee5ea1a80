import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Catalogue completeness: every message of the UI is translated in zh, es and ja — no
 * empty entry, no English copied over, every placeholder and tag kept. `npm test` extracts the
 * catalogues first (tests/i18n-check.sh), so a new message without its translations fails here.
 */
interface Entry {
  id: string;
  str: string;
}

function parsePo(text: string): Entry[] {
  const entries: Entry[] = [];
  let current: { id: string[]; str: string[] } | null = null;
  let field: 'id' | 'str' | null = null;
  const unquote = (s: string) => JSON.parse(s) as string;
  for (const raw of text.split('\n')) {
    const line = raw.trim();
    if (line.startsWith('msgid ')) {
      if (current) entries.push({ id: current.id.join(''), str: current.str.join('') });
      current = { id: [unquote(line.slice(6))], str: [] };
      field = 'id';
    } else if (line.startsWith('msgstr ') && current) {
      current.str.push(unquote(line.slice(7)));
      field = 'str';
    } else if (line.startsWith('"') && current && field) {
      current[field].push(unquote(line));
    } else if (line === '' || line.startsWith('#')) {
      field = null;
    }
  }
  if (current) entries.push({ id: current.id.join(''), str: current.str.join('') });
  return entries.filter((e) => e.id !== '');
}

const load = (locale: string) =>
  parsePo(readFileSync(join(process.cwd(), `src/locales/${locale}/messages.po`), 'utf8'));

/** Messages whose translation is rightly the same text (names, formats, units). */
const SAME_AS_ENGLISH: Record<string, readonly string[]> = {
  common: ['GIF', 'JPEG', 'PNG', 'WebP', 'ISBN', 'https://…', 'contact@example.com'],
  zh: [],
  es: [
    '{minutes} min',
    '{hours} h {minutes} min',
    '{days} d {hours} h',
    '{videos}, {size}',
    '{videos}, {size}: {byStatus}',
    '{0, plural, one {# video} other {# videos}}',
    'Audio',
    'Banners',
    'Error',
    'Mini',
    'Roles',
    'Video',
    'Videos',
    // A date field's placeholder (dd/mm/aaaa), as browsers write it in Spanish.
    'dd',
    'mm',
  ],
  // As browsers write a date field's placeholder in Japanese: yyyy/mm/dd.
  ja: ['yyyy', 'mm', 'dd'],
};

/** Placeholders ({name}, {0}), plural markers and tags (<0>, </0>) a translation must keep. */
function tokens(message: string): string[] {
  const simple = [...message.matchAll(/\{(\w+)\}|<\/?\d+\/?>/g)].map((m) => m[0]);
  const plural = [...message.matchAll(/\{(\w+), plural,/g)].map((m) => `plural:${m[1]}`);
  return [...new Set([...simple, ...plural])].sort();
}

const source = load('en');

describe.each(['zh', 'es', 'ja'])('the %s catalogue', (locale) => {
  const entries = new Map(load(locale).map((e) => [e.id, e.str]));
  const same = new Set([...(SAME_AS_ENGLISH.common ?? []), ...(SAME_AS_ENGLISH[locale] ?? [])]);

  it('holds every message of the source', () => {
    expect(source.length).toBeGreaterThan(400);
    expect(source.map((e) => e.id).filter((id) => !entries.has(id))).toEqual([]);
  });

  it('translates every message (none empty, none left in English)', () => {
    const untranslated = source
      .map((e) => e.id)
      .filter((id) => {
        const str = entries.get(id) ?? '';
        return str === '' || (str === id && !same.has(id));
      });
    expect(untranslated).toEqual([]);
  });

  it('keeps every placeholder, plural and tag', () => {
    const broken = source
      .filter((e) => (entries.get(e.id) ?? '') !== '')
      .filter((e) => tokens(e.id).join() !== tokens(entries.get(e.id) ?? '').join())
      .map((e) => `${e.id} → ${entries.get(e.id)}`);
    expect(broken).toEqual([]);
  });
});
