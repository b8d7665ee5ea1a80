import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { MantineProvider } from '@mantine/core';
import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  OfflineBanner,
  OfflineEmpty,
  PendingWritesNotice,
} from '../../../src/components/resource/offline/offline-banner';
import type { PendingWrite } from '../../../src/lib/offline/pending-writes';

// The e2e tests find these by test id (the built console shows catalogue text); the wording is checked here.
beforeAll(() => {
  i18n.loadAndActivate({ locale: 'en', messages: {} });
});

const text = (node: ReactNode) =>
  renderToStaticMarkup(
    <I18nProvider i18n={i18n}>
      <MantineProvider>{node}</MantineProvider>
    </I18nProvider>,
  )
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ');

describe('offline messages', () => {
  it('says the list is offline and how old it is', () => {
    expect(text(<OfflineBanner cachedAt={Date.now() - 5 * 60_000} />)).toContain(
      'Offline — showing data from 5 minutes ago.',
    );
    expect(text(<OfflineBanner cachedAt={Date.now() - 3 * 3600_000} />)).toContain('showing data from 3 hours ago');
  });

  it('says "just now" for data saved under a minute ago, never "0 minutes ago"', () => {
    const out = text(<OfflineBanner cachedAt={Date.now() - 20_000} />);
    expect(out).toContain('Offline — showing data saved just now.');
    expect(out).not.toContain('0 minutes');
  });

  it('explains an unvisited list offline', () => {
    expect(text(<OfflineEmpty onRetry={() => undefined} retrying={false} />)).toContain('You are offline');
  });

  it('counts waiting writes and names refused ones', () => {
    const w = (state: PendingWrite['state'], title: string): PendingWrite => ({
      id: title,
      user: 'u',
      path: 'book',
      method: 'PUT',
      body: {},
      values: {},
      title,
      draftKey: 'k',
      createdAt: 1,
      state,
    });
    const out = text(
      <PendingWritesNotice
        writes={[w('pending', 'a'), w('conflict', 'Edit book: Atlas')]}
        onReview={() => undefined}
      />,
    );
    expect(out).toContain('1 change(s) saved on this device will be sent when you are back online.');
    expect(out).toContain('Not sent, someone else changed the record: Edit book: Atlas');
  });
});
