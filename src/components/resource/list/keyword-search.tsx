import { useLingui } from '@lingui/react/macro';
import { CloseButton, TextInput } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useRouter } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';
import { takeKeywordEnter } from './keyword-enter';

export const KEYWORD_DEBOUNCE_MS = 300;

interface Props {
  /** The keyword in the URL. */
  value: string | undefined;
  onChange: (keyword: string | undefined) => void;
  /** Takes the width its row leaves (a phone's one-row toolbar) instead of a width of its own. */
  grow?: boolean;
}

/** The list's search box: types freely, tells the URL 300 ms after the last keystroke. */
export function KeywordSearch({ value, onChange, grow }: Props) {
  const { t } = useLingui();
  const [text, setText] = useState(value ?? '');
  // What this box last sent, trimmed like the URL holds it. A URL value that differs came from
  // elsewhere (Back, a link) and replaces the text; our own echo must not, or it would eat the
  // keystrokes typed while the debounce was running.
  const sent = useRef(value ?? '');
  const send = useDebouncedCallback((next: string) => {
    sent.current = next.trim();
    onChange(sent.current || undefined);
  }, KEYWORD_DEBOUNCE_MS);

  // Leaving the list drops a keyword not yet sent: while the next screen's code loads the list is
  // still mounted, and a late search would replace the navigation the user chose with the list.
  const router = useRouter();
  useEffect(() => router.subscribe('onBeforeNavigate', (e) => e.pathChanged && send.cancel()), [router, send]);

  useEffect(() => {
    if ((value ?? '') !== sent.current) {
      sent.current = value ?? '';
      setText(value ?? '');
    }
  }, [value]);

  const clear = () => {
    send.cancel();
    setText('');
    sent.current = '';
    onChange(undefined);
  };

  return (
    <TextInput
      aria-label={t`Search`}
      placeholder={t`Search`}
      data-testid="list-keyword"
      leftSection={<IconSearch size={16} aria-hidden />}
      rightSection={text ? <CloseButton size="sm" aria-label={t`Clear search`} onClick={clear} /> : null}
      value={text}
      onChange={(e) => {
        setText(e.currentTarget.value);
        send(e.currentTarget.value);
      }}
      onKeyDown={(e) => {
        if (e.key !== 'Enter') return;
        // A barcode scanner's ISBN and Enter: the screen's scan takes it (features/scan), no search.
        if (takeKeywordEnter(e.currentTarget.value)) {
          if (value) clear();
          else send.cancel();
          setText('');
          return;
        }
        // Enter searches now rather than after the debounce.
        send.flush();
      }}
      w={grow ? undefined : { base: '100%', sm: 220 }}
      flex={grow ? 1 : undefined}
      miw={grow ? 0 : undefined}
    />
  );
}
