import { msg } from '@lingui/core/macro';
import { Anchor, Stack, Text } from '@mantine/core';
import { IconMovie } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { formatBytes } from '../../components/format';
import { timeColumn } from '../../components/resource/list/columns';
import { rangeFilter } from '../../components/resource/list/range-filter';
import type { ResourceScreen } from '../../components/resource/types';
import { Thumbnail } from '../../components/thumbnail';
import { videoApi } from './api';
import { RetryVideoAction } from './components/retry-video';
import { UploadVideosLink } from './components/upload-videos-link';
import { VideoStatus } from './components/video-status';
import {
  formatResolution,
  formatVideoDuration,
  resolutionName,
  VIDEO_LABELS,
  VIDEO_STATUS_OPTIONS,
  type VideoRecord,
  videoRecordPath,
} from './model';
import { videoSpec } from './spec';

/** A video's cover at a list's size: the smallest copy that fills it, a film icon until there is one. */
export const VideoCover = ({ url, width = 80 }: { url: string | null | undefined; width?: number }) => (
  <Thumbnail
    url={url}
    width={width}
    height={Math.round((width * 9) / 16)}
    fallback={<IconMovie size={18} color="var(--mantine-color-dimmed)" aria-hidden />}
  />
);

/**
 * The Videos screen (/web/video): what the video service holds, with what processing made of each
 * (cover, duration, resolution, a live status). Records come from the upload panel, reached from
 * the toolbar; a title opens the video's own page, where it plays and is edited (no form here: the
 * list's New would create a record without a file).
 */
export const videoScreen: ResourceScreen<VideoRecord> = {
  api: videoApi,
  labels: VIDEO_LABELS,
  recordTitle: (v) => v.title,
  recordPath: videoRecordPath,
  toolbar: <UploadVideosLink />,
  // A failed video is processed again from where its failure is seen, as from its own page.
  rowActions: (v) => (v.status === 'TranscodeFail' ? <RetryVideoAction video={v} /> : null),
  card: { media: 'cover', fields: ['duration', 'resolution', 'fileSize'], status: 'status' },
  columns: [
    {
      key: 'cover',
      label: msg`Cover`,
      hideLabel: true,
      width: 96,
      priority: 3,
      render: (v) => <VideoCover url={v.coverUrl} />,
    },
    {
      key: 'title',
      label: msg`Title`,
      sortField: 'title',
      priority: 1,
      render: (v) => (
        <Stack gap={0}>
          <Anchor component={Link} to={videoRecordPath(v)} size="sm" fw={500} lineClamp={2}>
            {v.title}
          </Anchor>
          <Text size="xs" c="dimmed" lineClamp={1}>
            {v.fileName}
          </Text>
        </Stack>
      ),
    },
    {
      key: 'duration',
      label: msg`Duration`,
      align: 'right',
      width: 90,
      priority: 2,
      render: (v) => (
        <Text size="sm" style={{ fontVariantNumeric: 'tabular-nums' }} data-testid="video-duration">
          {formatVideoDuration(v.duration) ?? '—'}
        </Text>
      ),
    },
    {
      key: 'resolution',
      label: msg`Resolution`,
      width: 110,
      priority: 3,
      render: (v) => {
        const size = formatResolution(v.width, v.height);
        return size ? (
          <Text size="sm" title={resolutionName(v.width, v.height) ?? undefined}>
            {size}
          </Text>
        ) : (
          <Text size="sm" c="dimmed">
            —
          </Text>
        );
      },
    },
    {
      key: 'fileSize',
      label: msg`Size`,
      sortField: 'fileSize',
      align: 'right',
      width: 100,
      priority: 3,
      render: (v, i18n) => formatBytes(v.fileSize, i18n.locale),
    },
    {
      key: 'status',
      label: msg`Status`,
      sortField: 'status',
      width: 150,
      render: (v) => <VideoStatus status={v.status} failReason={v.failReason} />,
    },
    { ...timeColumn('createdAt', msg`Added`), priority: 3 },
  ],
  filters: [
    { name: 'status', label: msg`Status`, options: VIDEO_STATUS_OPTIONS },
    rangeFilter('created', videoSpec.filters.created, msg`Added`),
  ],
};
