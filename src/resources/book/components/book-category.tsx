import { Stack, Text } from '@mantine/core';
import type { Book } from '../schema';

/** Category over subclass, as one cell. */
export function BookCategory({ book }: { book: Book }) {
  return (
    <Stack gap={0}>
      <Text size="sm">{book.categoryName ?? '—'}</Text>
      {book.subclassName && (
        <Text size="xs" c="dimmed">
          {book.subclassName}
        </Text>
      )}
    </Stack>
  );
}
