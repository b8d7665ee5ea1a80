// Runs as soon as it arrives (async, a few KiB), while the console's entry is still downloading:
// it starts what the entry would otherwise ask for one after another, each a round trip on a
// phone's network — the session check (GET /auth/info), the screen's and the layout's code
// (modulepreload), the screen's part of the language's catalogue — so they travel together with
// the entry. The entry takes the early answer (src/lib/early-answers.ts) instead of asking again.
// The data it reads (#lectern-boot, hashed file names) is written at build time by
// scripts/console-boot.ts.
{
  const data = JSON.parse(document.getElementById('lectern-boot')?.textContent || 'null');
  // Read once: each read of document.cookie is a synchronous round trip to the browser.
  const jar = document.cookie.split('; ');
  const cookie = (name) => {
    const prefix = `${encodeURIComponent(name)}=`;
    const part = jar.find((p) => p.startsWith(prefix));
    return part ? decodeURIComponent(part.slice(prefix.length)) : '';
  };
  const hint = (href, rel, as) => {
    if (document.querySelector(`link[href="${href}"]`)) return;
    const link = document.createElement('link');
    link.rel = rel;
    if (as) link.as = as;
    // As the entry's own tags and Vite's loader ask (CORS), so the preloaded answer is the one used.
    link.crossOrigin = '';
    // Needed for the screen, not for the frame's first paint (see index.html's entry tags).
    link.fetchPriority = 'low';
    link.href = href;
    document.head.appendChild(link);
  };
  // Scripts as module preloads; stylesheets as plain preloads, so the entry still inserts (and
  // waits for) each stylesheet itself before showing what it styles.
  const preload = (list) => {
    for (const href of list || [])
      hint(href, href.endsWith('.css') ? 'preload' : 'modulepreload', href.endsWith('.css') ? 'style' : '');
  };
  const token = cookie('Authorization');
  if (data && token) {
    // The frame, drawn at once (index.html's .frame-shell): in the colour scheme Mantine will apply
    // (its stored choice, as its own script would set it) and with the sidebar as wide as its state.
    let scheme = 'light';
    try {
      scheme = localStorage.getItem('mantine-color-scheme-value') || 'light';
    } catch {
      // No storage: Mantine's default.
    }
    if (scheme === 'auto') scheme = matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
    document.documentElement.setAttribute('data-mantine-color-scheme', scheme);
    const shell = document.getElementById('frame-shell');
    if (shell) {
      if (cookie('sidebarStatus') === '0') shell.setAttribute('data-sidebar', 'closed');
      shell.hidden = false;
    }
    window.__lecternEarly = window.__lecternEarly || {};
    const early = window.__lecternEarly;
    let language = 'RUB';
    try {
      language = sessionStorage.getItem('Language') || 'RUB';
    } catch {
      // No storage: the client's own default.
    }
    // Each answer waits for the console to take it (src/lib/early-answers.ts), which asks again for
    // one that failed (offline, say): its failure is handled here, or the browser would report it
    // as unhandled before the console had run.
    const ask = (key, url, init = {}) => {
      const answer = fetch(url, {
        ...init,
        credentials: 'include',
        headers: { Language: language, 'X-Token': token, ...init.headers },
      });
      answer.catch(() => {});
      early[key] = answer;
    };
    // The same request as the console's http client (src/lib/http.ts, src/lib/auth.ts).
    const url = `${data.api}/auth/info?token=${encodeURIComponent(token)}`;
    ask(`GET ${url}`, url);
    const known = /^(zh|en|es|ja)$/;
    const chosen = cookie('language');
    const browser = (navigator.languages || []).map((tag) => String(tag).toLowerCase().split('-')[0]);
    const locale = known.test(chosen) ? chosen : browser.find((l) => known.test(l)) || 'en';
    // While the password must change (the sign-in page and the console's session check say so),
    // every call but the change is refused (40310): ask for no screen's data, and ready the
    // change page's code instead of the wanted screen's (src/lib/token.ts).
    let mustChange = false;
    try {
      mustChange = localStorage.getItem('lectern:password-change') === '1';
    } catch {
      // No storage: as usual (the console ignores the refusals).
    }
    const address = `/${location.pathname.slice(data.base.length)}`.replace(/\/+$/, '') || '/index';
    // A record's address (/web/book/12) opens the screen its route names /web/book/$id (the same
    // match as src/lib/i18n.ts's screenMatches).
    const want = address.split('/');
    const matches = (screen) => {
      const have = screen.split('/');
      return have.length === want.length && have.every((s, i) => s === want[i] || (s[0] === '$' && want[i] !== ''));
    };
    const wanted = data.routes[address] ? address : Object.keys(data.routes).find(matches) || address;
    const path = mustChange ? '/account/password' : wanted;
    for (const get of data.gets[path] || []) ask(`GET ${get}`, get);
    const list = data.lists[path];
    // A list's saved views, whatever the query: the list asks for them as it starts (a default view
    // may choose its columns).
    if (list) ask(`GET ${list.views}`, list.views);
    // A list opened without a query shows its first page with the default paging: ask for it now
    // (the same request as the list's loader; the console takes it if that is what it asks).
    if (list && !location.search) {
      ask(`POST ${list.url} ${list.body}`, list.url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body: list.body,
      });
    }
    // The rest, each step a task of its own: on a phone each costs tens of milliseconds (adding a
    // screen's preload links), and in one task they would hold the thread as long as the console's
    // own longest. The requests above are already on their way.
    const steps = [
      // The first date and number formatters of a page load the locale's data: tens of milliseconds
      // on a phone, and on a busy desktop 15–70 ms for the number formatter alone, a long task even
      // when it was warmed here in steps. A worker loads it instead: ICU keeps that data for the
      // whole renderer process, all its threads, so the console's formatters (src/components/format.ts)
      // start warm and the page's thread does none of it. Without workers they load it themselves.
      () => {
        const json = JSON.stringify(locale);
        const code = `new Intl.Locale(${json}).maximize();
new Intl.NumberFormat(${json}, { maximumFractionDigits: 1 }).format(0);
new Intl.DateTimeFormat(${json}, { dateStyle: 'medium', timeStyle: 'short' }).format(0);
postMessage(0);
close();`;
        try {
          const url = URL.createObjectURL(new Blob([code], { type: 'text/javascript' }));
          new Worker(url).onmessage = () => URL.revokeObjectURL(url);
        } catch {
          // No workers here (or not from a blob): the formatters load the data when first used.
        }
      },
      // The screen's part of the catalogue, or the whole when it has none or the service worker has
      // every file cached (the same choice as src/lib/i18n.ts, which reads the address).
      () => {
        const part = !navigator.serviceWorker?.controller && data.catalogues[locale]?.[wanted];
        preload(part ? [part] : data.locales[locale]);
      },
      () => data.routes[path] && preload(data.layout),
    ];
    // A screen's files a few at a time: each link added starts its request there and then, and the
    // twenty-odd of a list screen in one task held a phone's thread 50–80 ms.
    const screen = data.routes[path] || [];
    for (let i = 0; i < screen.length; i += 6) steps.push(() => preload(screen.slice(i, i + 6)));
    const next = () => {
      steps.shift()();
      if (steps.length) setTimeout(next);
    };
    setTimeout(next);
  }
}
