import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Button, Group, Modal, Pagination, Skeleton, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconCheck, IconSearch, IconWifiOff } from '@tabler/icons-react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { type KeyboardEvent, useEffect, useId, useState } from 'react';
import type { Page } from '../../contract/common';
import { imageSources } from '../../contract/image-variants';
import type { ImageOption } from '../../contract/options';
import { http } from '../../lib/api';
import { useOnline } from '../../lib/offline/online';
import classes from './image-picker.module.css';
import { gridMove, PICKER_PAGE_SIZE, PICKER_SEARCH_DEBOUNCE_MS, pageCount, pickerPageBody } from './model';

interface Props {
  opened: boolean;
  /** The field's current address: its image is marked in the grid. */
  current: string;
  /** The field's label, in the dialog's title. */
  title: string;
  /** The picked image's address, or null when the dialog is dismissed. */
  onClose: (picked: string | null) => void;
}

/** Thumbnail size in the grid; the <img> carries it so the grid does not move as images load. */
const THUMB_W = 160;
const THUMB_H = 120;

/**
 * The Images library as a listbox of thumbnails: paged, searched by name, picked with the mouse
 * or the keyboard (arrows, Home/End, Enter). It opens over a form's own dialog.
 */
export default function ImagePickerDialog({ opened, current, title, onClose }: Props) {
  const { t } = useLingui();
  const online = useOnline();
  const listId = useId();
  const [keyword, setKeyword] = useState('');
  const [debounced] = useDebouncedValue(keyword, PICKER_SEARCH_DEBOUNCE_MS);
  const [pageNum, setPageNum] = useState(1);
  // The active option by image id, so new rows for the same page (a refetch, a search settling)
  // keep the one the arrows are on when it is still there.
  const [activeId, setActiveId] = useState<number | null>(null);
  const body = pickerPageBody(pageNum, debounced);
  const query = useQuery({
    // Under the library's path: an upload or a delete anywhere refreshes it.
    queryKey: ['image', 'picker', body] as const,
    // Quiet: an unreachable library is said in the dialog, not toasted.
    queryFn: () => http.post<Page<ImageOption>>('/image/page', body, { quiet: true }),
    enabled: opened,
    placeholderData: keepPreviousData,
  });
  const rows = query.data?.items;
  const total = query.data?.total ?? 0;
  // The library cannot answer: offline with nothing cached, or the request failed.
  const unreachable = query.isError || (!online && !query.data);

  const found = rows?.findIndex((r) => r.id === activeId) ?? -1;
  // Otherwise a page starts on the field's current image if it is there, else on nothing.
  const active = found >= 0 ? found : (rows?.findIndex((r) => r.url === current) ?? -1);
  const setActive = (index: number) => setActiveId(rows?.[index]?.id ?? null);
  // A new search starts again at page 1.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the search settles
  useEffect(() => setPageNum(1), [debounced]);

  const optionId = (i: number) => `${listId}-option-${i}`;
  useEffect(() => {
    if (active >= 0) document.getElementById(optionId(active))?.scrollIntoView({ block: 'nearest' });
  });

  const pick = (image: ImageOption) => onClose(image.url);
  const onListKey = (e: KeyboardEvent<HTMLDivElement>) => {
    if (!rows?.length) return;
    if ((e.key === 'Enter' || e.key === ' ') && rows[active]) {
      e.preventDefault();
      pick(rows[active]);
      return;
    }
    const next = gridMove(active, e.key, rows.length);
    if (next !== null) {
      e.preventDefault();
      setActive(next);
    }
  };

  return (
    <Modal
      opened={opened}
      onClose={() => onClose(null)}
      title={t`Choose an image: ${title}`}
      size="lg"
      zIndex={310}
      closeButtonProps={{ 'aria-label': t`Close` }}
      // Escape is handled below, so it closes only this dialog and not the form beneath.
      closeOnEscape={false}
      returnFocus={false}
      data-image-picker=""
      data-testid="image-picker"
      onFocusCapture={(e) => {
        // Mantine dialogs close on an Escape anywhere in the window unless its target says not to.
        (e.target as HTMLElement).setAttribute('data-mantine-stop-propagation', 'true');
      }}
      onKeyDown={(e) => {
        if (e.key === 'Escape' && !e.nativeEvent.isComposing) {
          e.stopPropagation();
          onClose(null);
        }
      }}
    >
      <TextInput
        data-autofocus
        leftSection={<IconSearch size={16} aria-hidden />}
        placeholder={t`Search by name`}
        aria-label={t`Search images by name`}
        value={keyword}
        onChange={(e) => setKeyword(e.currentTarget.value)}
        data-testid="image-picker-search"
        mb="sm"
      />
      {unreachable ? (
        <Alert
          color="yellow"
          icon={<IconWifiOff size={18} aria-hidden />}
          title={t`The image library cannot be reached`}
          role="status"
          data-testid="image-picker-unreachable"
        >
          <Text size="sm">
            {online ? (
              <Trans>Try again in a moment. You can still paste an image address into the field.</Trans>
            ) : (
              <Trans>You are offline. You can still paste an image address into the field.</Trans>
            )}
          </Text>
          {online && (
            <Button size="xs" variant="light" mt="xs" onClick={() => void query.refetch()}>
              <Trans>Try again</Trans>
            </Button>
          )}
        </Alert>
      ) : rows?.length === 0 ? (
        <Text size="sm" c="dimmed" py="lg" ta="center" data-testid="image-picker-empty">
          {debounced.trim() ? (
            <Trans>No image matches the search.</Trans>
          ) : (
            <Trans>The library is empty: upload an image.</Trans>
          )}
        </Text>
      ) : !rows ? (
        <div className={classes.grid} aria-hidden data-testid="image-picker-loading">
          {Array.from({ length: 8 }, (_, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
            <Skeleton key={i} h={THUMB_H} />
          ))}
        </div>
      ) : (
        <div
          role="listbox"
          tabIndex={0}
          aria-label={t`Images`}
          aria-activedescendant={active >= 0 ? optionId(active) : undefined}
          aria-busy={query.isFetching}
          className={classes.grid}
          style={{ opacity: query.isPlaceholderData ? 0.6 : 1 }}
          onKeyDown={onListKey}
          onFocus={() => {
            if (active < 0 && rows.length) setActive(0);
          }}
          data-testid="image-picker-list"
        >
          {rows.map((image, i) => (
            // biome-ignore lint/a11y/useFocusableInteractive: the listbox holds the focus (aria-activedescendant)
            // biome-ignore lint/a11y/useKeyWithClickEvents: the listbox handles the keys
            <div
              key={image.id}
              id={optionId(i)}
              role="option"
              aria-selected={i === active}
              data-active={i === active || undefined}
              data-current={image.url === current || undefined}
              className={classes.option}
              onClick={() => pick(image)}
              onMouseDown={(e) => e.preventDefault()}
              data-testid="image-picker-option"
              data-url={image.url}
            >
              <img
                className={classes.thumb}
                {...imageSources(image.url, THUMB_W)}
                width={THUMB_W}
                height={THUMB_H}
                loading="lazy"
                decoding="async"
                alt=""
              />
              <span className={classes.name} title={image.fileName}>
                {image.url === current && <IconCheck size={12} aria-hidden style={{ marginRight: 2 }} />}
                {image.fileName}
              </span>
            </div>
          ))}
        </div>
      )}
      <Group justify="space-between" mt="sm" gap="xs">
        <Text size="sm" c="dimmed" aria-live="polite" data-testid="image-picker-total">
          {query.data ? t`${plural(total, { one: '# image', other: '# images' })}` : ''}
        </Text>
        {total > PICKER_PAGE_SIZE && (
          <Pagination
            size="sm"
            total={pageCount(total)}
            value={pageNum}
            onChange={setPageNum}
            getControlProps={(control) => ({
              'aria-label':
                control === 'previous' ? t`Previous page` : control === 'next' ? t`Next page` : String(control),
            })}
            getItemProps={(page) => ({ 'aria-label': t`Page ${page}` })}
            data-testid="image-picker-pagination"
          />
        )}
      </Group>
    </Modal>
  );
}
