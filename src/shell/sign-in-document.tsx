import { Trans } from '@lingui/react/macro';
import { Anchor, Center } from '@mantine/core';
import { useEffect, useState } from 'react';

const RELOADED_KEY = 'lectern:sign-in-reload';

/**
 * The sign-in page is a document of its own (login.html, src/sign-in/: no React, no Mantine, a
 * fraction of the console's code), served for /login by the server and the service worker. When
 * the console itself arrives at /login (logging out, a session that ended), it loads that document.
 * A second arrival within seconds means /login was answered with the console again (a server or
 * worker that does not know login.html): then a link, not a reload loop.
 */
export function SignInDocument() {
  const [stuck, setStuck] = useState(false);
  useEffect(() => {
    const last = Number(sessionStorage.getItem(RELOADED_KEY));
    if (last && Date.now() - last < 5000) {
      setStuck(true);
      return;
    }
    sessionStorage.setItem(RELOADED_KEY, String(Date.now()));
    location.replace(location.href);
  }, []);
  return stuck ? (
    <Center mih="100vh">
      <Anchor href={`${import.meta.env.BASE_URL}login.html${location.search}`}>
        <Trans>Sign in</Trans>
      </Anchor>
    </Center>
  ) : null;
}
