import { useLingui } from '@lingui/react/macro';
import { IconEye } from '@tabler/icons-react';
import { Suspense, useMemo, useState } from 'react';
import { IconAction } from '../../../components/icon-action';
import { ResourcePage } from '../../../components/resource/list/resource-page';
import type { ResourceScreen } from '../../../components/resource/types';
import { lazy } from '../../../lib/lazy';
import type { NewsFormValues } from '../model';
import { newsScreen } from '../resource';
import type { News } from '../schema';

// The preview (a modal) loads when an article is first previewed.
const NewsPreview = lazy(() => import('./news-preview').then((m) => ({ default: m.NewsPreview })));

/** /web/news: articles, with a read-only preview beside Edit and Delete. */
export function NewsPage() {
  const { t } = useLingui();
  const [preview, setPreview] = useState<News | null>(null);
  const resource = useMemo<ResourceScreen<News, NewsFormValues>>(
    () => ({
      ...newsScreen,
      rowActions: (row) => (
        <IconAction
          tip={t`Preview`}
          label={t`Preview ${row.title}`}
          icon={IconEye}
          data-testid="news-preview-open"
          onClick={() => setPreview(row)}
        />
      ),
    }),
    [t],
  );
  return (
    <>
      <ResourcePage resource={resource} />
      {preview && (
        <Suspense fallback={null}>
          <NewsPreview key={preview.id} news={preview} onClose={() => setPreview(null)} />
        </Suspense>
      )}
    </>
  );
}
