import { Trans, useLingui } from '@lingui/react/macro';
import { Button, Card, Checkbox, EmptyState, Group, SimpleGrid, Skeleton, Text } from '@mantine/core';
import { IconArrowsSort, IconPhotoOff, IconSortAscending, IconSortDescending } from '@tabler/icons-react';
import { ariaSort } from '../../../components/resource/list/list-search';
import type { ResourceBodyProps } from '../../../components/resource/types';
import type { ImageRecord } from '../schema';
import { ImageCard } from './image-card';
import classes from './image-grid.module.css';

const COLS = { base: 1, xs: 2, sm: 3, md: 4, xl: 5 };

/** The image library as a grid of previews: the resource page's body instead of a table. */
export function ImageGrid(props: ResourceBodyProps<ImageRecord>) {
  const { rows, selected, onSelect, search } = props;
  const { t, i18n } = useLingui();
  const selectable = props.selectable ?? true;
  const checked = (rows ?? []).filter((r) => selected.has(r.id)).length;
  const sortable = props.columns.filter((c) => c.sortField);

  return (
    <div>
      <Group justify="space-between" mb="sm" gap="sm">
        {selectable ? (
          <Checkbox
            label={t`Select all`}
            data-testid="select-all"
            checked={checked > 0 && checked === rows?.length}
            indeterminate={checked > 0 && checked < (rows?.length ?? 0)}
            disabled={!rows?.length}
            onChange={(e) =>
              onSelect(
                (rows ?? []).map((r) => r.id),
                e.currentTarget.checked,
              )
            }
          />
        ) : (
          <span />
        )}
        <Group gap={4} role="group" aria-label={t`Sort by`}>
          <Text size="sm" c="dimmed" mr={4}>
            <Trans>Sort by</Trans>
          </Text>
          {sortable.map((c) => {
            const field = c.sortField as string;
            const state = ariaSort(search, field);
            const Icon =
              state === 'ascending' ? IconSortAscending : state === 'descending' ? IconSortDescending : IconArrowsSort;
            return (
              <Button
                key={c.key}
                size="compact-sm"
                variant={state === 'none' ? 'subtle' : 'light'}
                rightSection={<Icon size={14} aria-hidden />}
                aria-pressed={state !== 'none'}
                aria-description={state === 'none' ? undefined : state}
                onClick={() => props.onSort(field)}
                data-testid={`sort-${field}`}
              >
                {i18n._(c.label)}
              </Button>
            );
          })}
        </Group>
      </Group>
      {rows?.length === 0 ? (
        <EmptyState
          py="xl"
          data-testid="list-empty"
          icon={<IconPhotoOff size={32} aria-hidden />}
          title={<Trans>No images</Trans>}
          description={
            props.filtered ? (
              <Trans>Nothing matches the search and filters.</Trans>
            ) : (
              <Trans>Upload an image to start the library.</Trans>
            )
          }
        />
      ) : (
        <SimpleGrid
          cols={COLS}
          spacing="md"
          className={props.stale ? classes.stale : undefined}
          aria-busy={props.stale}
        >
          {rows === undefined
            ? Array.from({ length: Math.min(search.pageSize, 10) }, (_, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
                <Card key={i} withBorder radius="md" padding="xs" data-testid="skeleton-row">
                  <Card.Section>
                    <Skeleton h={150} radius={0} />
                  </Card.Section>
                  <Skeleton h={12} mt="sm" w="70%" />
                  <Skeleton h={10} mt={6} w="40%" />
                </Card>
              ))
            : rows.map((image) => (
                <ImageCard
                  key={image.id}
                  image={image}
                  selectable={selectable}
                  selected={selected.has(image.id)}
                  onSelect={(on) => onSelect([image.id], on)}
                  actions={props.actions?.(image)}
                />
              ))}
        </SimpleGrid>
      )}
    </div>
  );
}
