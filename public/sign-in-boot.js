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

// The tabs work from the first paint, before src/sign-in/main.ts has arrived (a slow network: a
// tap on "Administrator" did nothing until then). A form sent before main.ts is ready waits for
// it instead of going out as a plain GET with the password in the address; main.ts sends it.
{
  const tabsOf = () => [...document.querySelectorAll('[role="tab"]')];
  const select = (tab, focus) => {
    for (const other of tabsOf()) {
      const on = other === tab;
      other.setAttribute('aria-selected', String(on));
      other.tabIndex = on ? 0 : -1;
      const panel = document.getElementById(other.getAttribute('aria-controls'));
      if (panel) panel.hidden = !on;
    }
    if (focus) tab.focus();
  };
  const tabAt = (e) => (e.target instanceof Element ? e.target.closest('[role="tab"]') : null);
  document.addEventListener('click', (e) => {
    const tab = tabAt(e);
    if (tab) select(tab, false);
  });
  // WAI-ARIA tabs: arrows and Home/End move between them.
  document.addEventListener('keydown', (e) => {
    const tab = tabAt(e);
    if (!tab) return;
    const tabs = tabsOf();
    const i = tabs.indexOf(tab);
    const next = { ArrowRight: i + 1, ArrowLeft: i - 1, Home: 0, End: tabs.length - 1 }[e.key];
    if (next === undefined) return;
    e.preventDefault();
    select(tabs[(next + tabs.length) % tabs.length], true);
  });
  document.addEventListener('submit', (e) => {
    // main.ts's own handler has taken it (it runs first, on the form).
    if (e.defaultPrevented) return;
    e.preventDefault();
    window.lecternSignInPending = e.target;
  });
}
