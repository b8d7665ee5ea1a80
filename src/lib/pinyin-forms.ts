import { pinyin } from 'pinyin-pro';

/**
 * Pinyin of a Chinese title without tones: spaced, joined and initials ('shu ji', 'shuji', 'sj').
 * Its own module, loaded only for a Chinese search with pinyin on: pinyin-pro's dictionaries are
 * larger than the rest of the console shell.
 */
export function pinyinForms(text: string): string[] {
  const spaced = pinyin(text, { toneType: 'none', nonZh: 'consecutive' });
  const initials = pinyin(text, { pattern: 'first', toneType: 'none', nonZh: 'consecutive' });
  return [spaced, spaced.replace(/\s+/g, ''), initials.replace(/\s+/g, '')];
}
