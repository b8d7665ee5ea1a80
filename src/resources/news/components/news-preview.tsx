import { Trans, useLingui } from '@lingui/react/macro';
import { Divider, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { Suspense } from 'react';
import { Dialog } from '../../../components/dialog';
import { EnumBadge } from '../../../components/enum-badge';
import { formatDateTime } from '../../../components/format';
import { Thumbnail } from '../../../components/thumbnail';
import { lazy } from '../../../lib/lazy';
import { NEWS_STATUS_OPTIONS } from '../model';
import type { News } from '../schema';

const RichTextPreview = lazy(() => import('./rich-text').then((m) => ({ default: m.RichTextPreview })));

/**
 * The news as readers will see it. The HTML is never set with innerHTML: it goes through the
 * editor's schema (read-only), which renders only the nodes and marks it knows.
 */
export function NewsPreview({ news, onClose }: { news: News; onClose: () => void }) {
  const { t, i18n } = useLingui();
  return (
    <Dialog opened onClose={onClose} size="xl" title={t`Preview`}>
      <Stack gap="sm" data-testid="news-preview">
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Title order={3}>{news.title}</Title>
          <EnumBadge value={news.status} options={NEWS_STATUS_OPTIONS} />
        </Group>
        <Text size="xs" c="dimmed">
          {news.publishedAt ? (
            <Trans>Published {formatDateTime(news.publishedAt, i18n.locale)}</Trans>
          ) : (
            <Trans>Not published yet</Trans>
          )}
        </Text>
        {news.coverUrl && <Thumbnail url={news.coverUrl} width={320} height={160} />}
        {news.summary && (
          <Text size="sm" fs="italic">
            {news.summary}
          </Text>
        )}
        <Divider />
        <Suspense fallback={<Skeleton height={160} />}>
          <RichTextPreview html={news.content} label={t`Content`} />
        </Suspense>
      </Stack>
    </Dialog>
  );
}
