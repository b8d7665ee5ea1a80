import { mergeConfig } from 'vite';
import base from '../../vite.config.ts';

/**
 * "Version 2" of the console for the update-prompt test: the same build with one changed string
 * (the default app title, shown in the sidebar and the window title).
 */
/** @type {import('vite').Plugin} */
const changedString = {
  name: 'lectern-e2e-v2-string',
  enforce: 'pre',
  transform(code, id) {
    if (!id.endsWith('/src/stores/settings.ts')) return null;
    const next = code.replace("title: 'Lectern',", "title: 'Lectern Next',");
    if (next === code) throw new Error('settings.ts no longer has the default title this test changes');
    return next;
  },
};

export default mergeConfig(base, { plugins: [changedString] });
