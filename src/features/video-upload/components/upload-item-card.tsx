import { Trans, useLingui } from '@lingui/react/macro';
import {
  Badge,
  Button,
  Group,
  Paper,
  Progress,
  SimpleGrid,
  Stack,
  TagsInput,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { memo, useState } from 'react';
import { formatBytes } from '../../../components/format';
import { ImagePickerField } from '../../../components/image-picker/image-picker-field';
import { CategorySelect } from '../../../components/pickers/category-select';
import { checkObjectTags, MAX_TAGS, splitTags } from '../../../upload/limits';
import type { UploadItem, VideoInfo } from '../../../upload/protocol';
import { timeLeft } from '../../../upload/queue';
import { CODE_MESSAGES, editable, formatDuration, percent, STATE_COLORS, STATE_LABELS } from '../model';
import { sendUpload } from '../uploads';
import { ProcessingState } from './processing-state';

/**
 * One file of the queue: its videoInfo (while still editable), progress and actions. Every snapshot
 * is a new object, so cards compare by value and only the ones that changed render again.
 */
export const UploadItemCard = memo(ItemCard, (a, b) => JSON.stringify(a.item) === JSON.stringify(b.item));

function ItemCard({ item }: { item: UploadItem }) {
  const { t, i18n } = useLingui();
  const [info, setInfo] = useState<VideoInfo>({ ...item.videoInfo });
  const canEdit = editable(item);
  const tags = splitTags(info.Tags);
  const tagProblem = checkObjectTags(Object.fromEntries(tags.map((tag) => [tag, ''])));

  // The cover is an address (from the image library, or pasted), sent as CoverURL; or a file, which
  // the worker uploads through the video service (CreateUploadImage) before the video, as the SDK.
  const [coverFile, setCoverFile] = useState<string | null>(null);
  const update = (next: VideoInfo, cover?: File | null) => {
    setInfo(next);
    if (next.Title.trim()) sendUpload({ type: 'update-info', id: item.id, videoInfo: next, cover });
  };
  const chooseCoverFile = (file: File) => {
    setCoverFile(file.name);
    update({ ...info, CoverURL: undefined }, file);
  };

  const pct = percent(item);
  const left = formatDuration(timeLeft(item));
  const name = item.fileName;
  const waiting =
    item.waiting === 'network'
      ? t`Waiting for network`
      : item.waiting === 'server'
        ? t`Server not answering: reconnecting…`
        : item.waiting === 'credential'
          ? t`Renewing the upload credential`
          : null;
  const error = item.error
    ? CODE_MESSAGES[item.error.code]
      ? i18n._(CODE_MESSAGES[item.error.code]!)
      : item.error.message
    : null;

  return (
    <Paper
      component="li"
      withBorder
      p="md"
      radius="md"
      aria-label={name}
      data-testid="upload-item"
      data-state={item.state}
      data-waiting={item.waiting ?? ''}
      style={{ listStyle: 'none' }}
    >
      <Stack gap="sm">
        <Group justify="space-between" wrap="nowrap">
          <Text fw={600} truncate title={name}>
            {name}
          </Text>
          <Group gap="xs" wrap="nowrap">
            {item.resumed && (
              <Badge variant="light" color="grape">
                <Trans>Resumed</Trans>
              </Badge>
            )}
            <Badge color={STATE_COLORS[item.state]} data-testid="upload-state">
              {i18n._(STATE_LABELS[item.state])}
            </Badge>
          </Group>
        </Group>

        {/* No width transition nor stripes: both repaint the page every frame (not composited), which
            on a loaded machine took CPU from the upload itself (bench/upload.ts). */}
        <Progress.Root size="lg" aria-hidden={false} transitionDuration={0}>
          <Progress.Section
            value={pct}
            aria-label={t`Upload progress of ${name}`}
            aria-valuetext={`${pct}%`}
            color={STATE_COLORS[item.state]}
          />
        </Progress.Root>
        <Group gap="md" c="dimmed" fz="sm" aria-live="polite">
          <span>
            {formatBytes(item.loaded, i18n.locale)} / {formatBytes(item.fileSize, i18n.locale)} ({pct}%)
          </span>
          {item.state === 'Uploading' && !waiting && item.speed > 0 && (
            <span>{formatBytes(item.speed, i18n.locale)}/s</span>
          )}
          {item.state === 'Uploading' && !waiting && left && <span>{t`${left} left`}</span>}
          {waiting && (
            <Text span c="orange" fz="sm" data-testid="upload-waiting">
              {waiting}
            </Text>
          )}
          {error && (
            <Text span c="red" fz="sm" role="alert">
              {error}
            </Text>
          )}
          {item.state === 'Success' && item.videoId && <ProcessingState videoId={item.videoId} name={name} />}
        </Group>

        {canEdit && (
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="sm">
            <TextInput
              label={t`Title`}
              required
              value={info.Title}
              maxLength={128}
              error={info.Title.trim() ? undefined : t`Required`}
              onChange={(e) => update({ ...info, Title: e.currentTarget.value })}
            />
            <CategorySelect
              label={t`Category`}
              clearable
              value={info.CateId ?? null}
              onChange={(id) => update({ ...info, CateId: id ?? undefined })}
            />
            <Textarea
              label={t`Description`}
              autosize
              minRows={1}
              maxLength={1024}
              value={info.Description ?? ''}
              onChange={(e) => update({ ...info, Description: e.currentTarget.value || undefined })}
            />
            <TagsInput
              label={t`Tags`}
              maxTags={MAX_TAGS}
              value={tags}
              error={tagProblem ? t`At most 10 tags of up to 128 bytes each` : undefined}
              onChange={(v) => update({ ...info, Tags: v.join(',') || undefined })}
            />
            <Stack gap={4}>
              <ImagePickerField
                label={t`Cover image`}
                // What an empty field means (docs/videos.md: the first snapshot becomes the cover).
                description={t`Optional. Without one, the first frame taken when the video is processed becomes its cover.`}
                value={info.CoverURL ?? ''}
                // An address chosen or typed replaces a cover file.
                onChange={(url) => {
                  if (item.hasCover || coverFile) setCoverFile(null);
                  update({ ...info, CoverURL: url || undefined }, item.hasCover ? null : undefined);
                }}
                onUploadFile={chooseCoverFile}
                data-testid={`video-cover-${item.id}`}
              />
              {item.hasCover && (
                <Group gap="xs" wrap="nowrap" data-testid="upload-cover-file">
                  <Text size="sm" c="dimmed" truncate>
                    {coverFile ? t`Cover file: ${coverFile}` : t`A cover file is attached`}
                  </Text>
                  <Button
                    size="compact-xs"
                    variant="subtle"
                    color="red"
                    aria-label={t`Remove the cover file of ${name}`}
                    onClick={() => {
                      setCoverFile(null);
                      update(info, null);
                    }}
                  >
                    <Trans>Remove</Trans>
                  </Button>
                </Group>
              )}
            </Stack>
          </SimpleGrid>
        )}

        <Group gap="xs">
          {(item.state === 'Ready' || item.state === 'Uploading') && (
            <Button
              size="xs"
              variant="light"
              aria-label={t`Stop ${name}`}
              onClick={() => sendUpload({ type: 'stop', ids: [item.id] })}
            >
              <Trans>Stop</Trans>
            </Button>
          )}
          {(item.state === 'Stoped' || item.state === 'Failure') && (
            <Button
              size="xs"
              variant="light"
              aria-label={t`Resume ${name}`}
              onClick={() => sendUpload({ type: 'start', ids: [item.id] })}
            >
              <Trans>Resume</Trans>
            </Button>
          )}
          {item.state === 'Canceled' && (
            <Button
              size="xs"
              variant="light"
              aria-label={t`Resume ${name}`}
              onClick={() => sendUpload({ type: 'resume', id: item.id })}
            >
              <Trans>Resume</Trans>
            </Button>
          )}
          {item.state !== 'Success' && item.state !== 'Canceled' && (
            <Button
              size="xs"
              variant="light"
              color="orange"
              aria-label={t`Cancel ${name}`}
              onClick={() => sendUpload({ type: 'cancel', id: item.id })}
            >
              <Trans>Cancel</Trans>
            </Button>
          )}
          <Button
            size="xs"
            variant="subtle"
            color="red"
            aria-label={t`Delete ${name}`}
            onClick={() => sendUpload({ type: 'delete', id: item.id })}
          >
            <Trans>Delete</Trans>
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
