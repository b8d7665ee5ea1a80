// Runs before the sign-in page's first paint (login.html): the colour scheme the console stored
// (Mantine's key), and, when the language is not English, the English words of the static page
// hidden until src/sign-in/main.ts has translated them. A classic script, not a module: it blocks
// rendering, so it stays a few hundred bytes.
{
  const root = document.documentElement;
  const known = /^(zh|en|es|ja)$/;
  let scheme = 'light';
  try {
    scheme = localStorage.getItem('mantine-color-scheme-value') || 'light';
  } catch {
    // No storage (private mode): light.
  }
  if (scheme === 'auto') scheme = matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
  root.setAttribute('data-mantine-color-scheme', scheme === 'dark' ? 'dark' : 'light');
  const cookie = /(?:^|;\s*)language=([^;]*)/.exec(document.cookie);
  const chosen = cookie ? decodeURIComponent(cookie[1]) : '';
  const browser = (navigator.languages || []).map((tag) => String(tag).toLowerCase().split('-')[0]);
  const language = known.test(chosen) ? chosen : browser.find((l) => known.test(l)) || 'en';
  if (language !== 'en') root.classList.add('si-translating');
}
