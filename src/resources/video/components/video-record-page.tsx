import { Trans, useLingui } from '@lingui/react/macro';
import {
  Box,
  Button,
  Group,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  Title,
  UnstyledButton,
  VisuallyHidden,
} from '@mantine/core';
import { IconCheck, IconPhotoSearch, IconRefresh } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, Suspense, useId, useRef, useState } from 'react';
import { formatBytes } from '../../../components/format';
import { notifySuccess } from '../../../components/notify';
import { RecordView } from '../../../components/resource/form/record-view';
import { useUpdateRecord } from '../../../components/resource/form/use-resource-mutations';
import { Thumbnail } from '../../../components/thumbnail';
import { lazy } from '../../../lib/lazy';
import { videoApi, videoUpdateBody } from '../api';
import { formatResolution, formatVideoDuration, resolutionName, type VideoRecord, videoStatusOption } from '../model';
import { videoRecordScreen } from '../record-form';
import { useRetryVideo } from './retry-video';
import { VideoPlayer } from './video-player';
import classes from './video-record-page.module.css';
import { VideoStatus } from './video-status';

// The library dialog (its grid, search and paging) loads when first opened.
const ImagePickerDialog = lazy(() => import('../../../components/image-picker/image-picker-dialog'));

/**
 * /web/video/$id: the video plays (once processed), its details and processing status (live: the
 * event stream refreshes the record), its title, description, category and tags in the form every
 * record page opens, its cover chosen among the snapshots or from the image library, and Retry for a
 * failed transcode.
 */
export function VideoRecordPage({ id }: { id: number }) {
  const { data: video } = useQuery(videoApi.recordQuery(id));
  return (
    <Stack gap="md">
      {video && (
        <div className={classes.top}>
          <VideoPlayer video={video} />
          <VideoDetails video={video} />
        </div>
      )}
      <RecordView resource={videoRecordScreen} id={id}>
        {(row) => <CoverChooser video={row} />}
      </RecordView>
    </Stack>
  );
}

/** What the service knows of the file, and its status said to a screen reader when it changes. */
function VideoDetails({ video }: { video: VideoRecord }) {
  const { t, i18n } = useLingui();
  const headingId = useId();
  const retry = useRetryVideo(video);
  const duration = formatVideoDuration(video.duration);
  const size = formatResolution(video.width, video.height);
  const option = videoStatusOption(video.status);
  const status = option ? i18n._(option.label) : video.status;
  return (
    <Paper
      withBorder
      radius="md"
      p="md"
      h="100%"
      component="section"
      aria-labelledby={headingId}
      data-testid="video-details"
    >
      <Title order={3} size="h4" mb="sm" id={headingId}>
        <Trans>Details</Trans>
      </Title>
      {/* Said politely when processing moves on (the live stream refreshes the record). */}
      <VisuallyHidden aria-live="polite" aria-atomic data-testid="video-status-live">
        {t`Status: ${status}`}
      </VisuallyHidden>
      <SimpleGrid component="dl" cols={{ base: 2, md: 1, lg: 2 }} spacing="md" verticalSpacing="xs" m={0}>
        <Entry label={t`Status`} wide>
          <VideoStatus status={video.status} failReason={video.failReason} />
        </Entry>
        <Entry label={t`Duration`}>{duration ?? '—'}</Entry>
        <Entry label={t`Resolution`}>
          {size ? (
            <>
              {size} <Text span c="dimmed" size="sm">{`(${resolutionName(video.width, video.height)})`}</Text>
            </>
          ) : (
            '—'
          )}
        </Entry>
        <Entry label={t`Size`}>{formatBytes(video.fileSize, i18n.locale)}</Entry>
        <Entry label={t`File name`} wide>
          <span className={classes.breakable}>{video.fileName}</span>
        </Entry>
        <Entry label={t`Video ID`} wide>
          <Text span ff="monospace" size="xs" className={classes.breakable}>
            {video.videoId}
          </Text>
        </Entry>
      </SimpleGrid>
      {video.status === 'TranscodeFail' && (
        <Button
          mt="md"
          variant="light"
          leftSection={<IconRefresh size={16} aria-hidden />}
          loading={retry.isPending}
          onClick={() => retry.mutate()}
          data-testid="video-retry"
        >
          <Trans>Process again</Trans>
        </Button>
      )}
    </Paper>
  );
}

function Entry({ label, wide, children }: { label: string; wide?: boolean; children: ReactNode }) {
  return (
    <Box style={wide ? { gridColumn: '1 / -1' } : undefined}>
      <Text component="dt" size="xs" c="dimmed">
        {label}
      </Text>
      <Text component="dd" size="sm" m={0}>
        {children}
      </Text>
    </Box>
  );
}

/** Snapshot thumbnails' size: 16:9 at the image service's smallest copy. */
const SNAP_W = 160;
const SNAP_H = 90;

/**
 * The cover: one of the frames processing took (a tap makes it the cover at once), or any image of
 * the library. Saved with the record's version, as the form saves: someone else's newer edit is
 * refused, not overwritten.
 */
function CoverChooser({ video }: { video: VideoRecord }) {
  const { t } = useLingui();
  const update = useUpdateRecord(videoApi);
  const [opened, setOpened] = useState(false);
  const [loaded, setLoaded] = useState(false);
  const chooseRef = useRef<HTMLButtonElement>(null);
  const headingId = useId();
  const hintId = useId();
  const save = (coverUrl: string) => {
    if (coverUrl === video.coverUrl) return;
    update.mutate(videoUpdateBody(video, { coverUrl }), { onSuccess: () => notifySuccess(t`Cover changed`) });
  };
  const close = (picked: string | null) => {
    setOpened(false);
    if (picked) save(picked);
    // Back on the button that opened it (the dialog's module brought this helper along).
    void import('../../../components/image-picker/focus').then((m) => m.focusAfterClose(chooseRef.current));
  };
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby={headingId} data-testid="video-cover">
      <Title order={3} size="h4" mb="sm" id={headingId}>
        <Trans>Cover</Trans>
      </Title>
      {video.snapshots.length > 0 ? (
        <>
          <Text size="sm" c="dimmed" mb="xs" id={hintId}>
            <Trans>Frames from the video: choose one to make it the cover.</Trans>
          </Text>
          <Group gap="sm" role="group" aria-labelledby={hintId} mb="md">
            {video.snapshots.map((url, i) => {
              const chosen = url === video.coverUrl;
              const n = i + 1;
              return (
                <UnstyledButton
                  key={url}
                  className={classes.snapshot}
                  aria-pressed={chosen}
                  aria-label={t`Frame ${n}`}
                  disabled={update.isPending}
                  onClick={() => save(url)}
                  data-testid="video-snapshot"
                >
                  <Thumbnail url={url} width={SNAP_W} height={SNAP_H} />
                  {chosen && (
                    <span className={classes.chosen}>
                      <IconCheck size={16} aria-hidden />
                    </span>
                  )}
                </UnstyledButton>
              );
            })}
          </Group>
        </>
      ) : (
        <Text size="sm" c="dimmed" mb="md">
          <Trans>Frames to choose a cover from appear once the video has been processed.</Trans>
        </Text>
      )}
      <Group gap="sm" align="center">
        {/* A cover from elsewhere (the library, an upload's cover file), named as such; a frame that
            is the cover is already marked above and is not shown a second time. */}
        {video.coverUrl && !video.snapshots.includes(video.coverUrl) && (
          <Stack component="figure" gap={4} m={0} data-testid="video-current-cover">
            <Thumbnail url={video.coverUrl} width={SNAP_W} height={SNAP_H} />
            <Text component="figcaption" size="xs" c="dimmed">
              <Trans>Current cover</Trans>
            </Text>
          </Stack>
        )}
        <Button
          ref={chooseRef}
          variant="default"
          leftSection={<IconPhotoSearch size={16} aria-hidden />}
          onClick={() => {
            setLoaded(true);
            setOpened(true);
          }}
          disabled={update.isPending}
          data-testid="video-cover-library"
        >
          <Trans>Choose from library</Trans>
        </Button>
      </Group>
      {loaded && (
        <Suspense fallback={null}>
          <ImagePickerDialog opened={opened} current={video.coverUrl ?? ''} title={t`Cover`} onClose={close} />
        </Suspense>
      )}
    </Paper>
  );
}
