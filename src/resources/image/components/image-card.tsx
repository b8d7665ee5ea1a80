import { useLingui } from '@lingui/react/macro';
import { AspectRatio, Card, Checkbox, Group, Image, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { formatBytes, formatDateTime } from '../../../components/format';
import { imageSources } from '../../../contract/image-variants';
import type { ImageRecord } from '../schema';
import classes from './image-grid.module.css';

interface Props {
  image: ImageRecord;
  selectable: boolean;
  selected: boolean;
  onSelect: (selected: boolean) => void;
  actions?: ReactNode;
}

/** A card's preview is at most this wide (one column on a phone, up to five on a wide screen). */
const PREVIEW_WIDTH = 360;

/** One image of the library: preview, name, size and who uploaded it, with its buttons. */
export function ImageCard({ image, selectable, selected, onSelect, actions }: Props) {
  const { t, i18n } = useLingui();
  return (
    <Card
      withBorder
      radius="md"
      padding="xs"
      className={classes.card}
      data-selected={selected || undefined}
      data-testid="resource-row"
      data-id={image.id}
    >
      <Card.Section className={classes.preview}>
        {/* The whole card's width, 4:3 tall, before its thumbnail loads: AspectRatio sizes its child,
            and a link is inline (no aspect ratio) unless it is a block, so the box stayed 0 px tall
            and the select box landed on the name below. */}
        <AspectRatio ratio={4 / 3} w="100%">
          <a
            href={image.url}
            target="_blank"
            rel="noreferrer"
            aria-label={t`Open ${image.fileName}`}
            className={classes.link}
          >
            <Image
              {...imageSources(image.url, PREVIEW_WIDTH)}
              alt={image.fileName}
              fit="contain"
              h="100%"
              loading="lazy"
            />
          </a>
        </AspectRatio>
        {selectable && (
          <Checkbox
            // At least 24 px in every language's scale: it sits on the preview's link (WCAG 2.5.8).
            size="lg"
            className={classes.check}
            aria-label={t`Select ${image.fileName}`}
            checked={selected}
            onChange={(e) => onSelect(e.currentTarget.checked)}
          />
        )}
      </Card.Section>
      <Stack gap={2} mt="xs">
        <Text size="sm" fw={500} truncate="end" title={image.fileName}>
          {image.fileName}
        </Text>
        <Text size="xs" c="dimmed" truncate="end">
          {formatBytes(image.size, i18n.locale)} · {image.uploadedBy}
        </Text>
        <Group justify="space-between" wrap="nowrap" gap={4}>
          <Text size="xs" c="dimmed" truncate="end">
            {formatDateTime(image.createdAt, i18n.locale)}
          </Text>
          {actions}
        </Group>
      </Stack>
    </Card>
  );
}
