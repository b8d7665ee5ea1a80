import { msg } from '@lingui/core/macro';
import { Text } from '@mantine/core';
import { IconMovie } from '@tabler/icons-react';
import { formatBytes } from '../../components/format';
import { badgeColumn, timeColumn, titleColumn } from '../../components/resource/columns';
import { rangeFilter } from '../../components/resource/range-filter';
import type { ResourceDef } from '../../components/resource/types';
import { Thumbnail } from '../../components/thumbnail';
import { videoApi } from './api';
import { UploadVideosLink } from './components/upload-videos-link';
import { VIDEO_STATUS_OPTIONS } from './model';
import type { Video } from './schema';
import { videoSpec } from './spec';

/**
 * The Videos screen (/web/video): what the video service holds. No form: records come from the
 * upload panel (its own route and issue), reached from the toolbar; here they are listed and deleted.
 */
export const videoResource: ResourceDef<Video> = {
  api: videoApi,
  labels: { create: msg`Upload videos`, edit: msg`Edit video`, delete: msg`Delete video` },
  recordTitle: (v) => v.title,
  toolbar: <UploadVideosLink />,
  card: { media: 'cover', fields: ['fileSize', 'createdAt'], status: 'status' },
  columns: [
    {
      key: 'cover',
      label: msg`Cover`,
      hideLabel: true,
      width: 96,
      priority: 3,
      render: (v) => (
        <Thumbnail
          url={v.coverUrl}
          width={80}
          height={45}
          fallback={<IconMovie size={18} color="var(--mantine-color-dimmed)" aria-hidden />}
        />
      ),
    },
    titleColumn((v) => v.fileName),
    {
      key: 'videoId',
      label: msg`Video ID`,
      width: 200,
      priority: 3,
      render: (v) => (
        <Text size="xs" ff="monospace" c="dimmed" lineClamp={1}>
          {v.videoId}
        </Text>
      ),
    },
    {
      key: 'fileSize',
      label: msg`Size`,
      sortField: 'fileSize',
      align: 'right',
      width: 100,
      render: (v, i18n) => formatBytes(v.fileSize, i18n.locale),
    },
    badgeColumn('status', msg`Status`, VIDEO_STATUS_OPTIONS, 120),
    { ...timeColumn('createdAt', msg`Added`), priority: 2 },
  ],
  filters: [
    { name: 'status', label: msg`Status`, options: VIDEO_STATUS_OPTIONS },
    rangeFilter('created', videoSpec.filters.created, msg`Added`),
  ],
};
