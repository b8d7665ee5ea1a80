import { describe, expect, it } from 'vitest';
import { applySetting, DEFAULT_SETTINGS, loadSettings } from '../../../src/stores/settings';

describe('settings', () => {
  it('applies a change only to a key that exists, with a value of its type', () => {
    const s = { ...DEFAULT_SETTINGS };
    expect(applySetting(s, 'tagsView', false).tagsView).toBe(false);
    expect(applySetting(s, 'theme', '#ff0000').theme).toBe('#ff0000');
    expect(applySetting(s, 'notASetting', true)).toBe(s);
    expect(applySetting(s, 'tagsView', 'no')).toBe(s);
    expect(applySetting(s, '__proto__', {})).toBe(s);
  });

  it('loads stored values over the defaults, ignoring unknown keys and damage', () => {
    expect(loadSettings(JSON.stringify({ fixedHeader: false, extra: 1 }))).toEqual({
      ...DEFAULT_SETTINGS,
      fixedHeader: false,
    });
    expect(loadSettings('{not json')).toEqual(DEFAULT_SETTINGS);
    expect(loadSettings(null)).toEqual(DEFAULT_SETTINGS);
    expect(DEFAULT_SETTINGS.theme).toBe('#1890ff');
  });
});
