import { IconBook2 } from '@tabler/icons-react';
import { Thumbnail } from '../../../components/thumbnail';

/** The list's cover thumbnail (a small copy of the image); a book icon where there is none. */
export function BookCover({ url }: { url: string | null }) {
  return (
    <Thumbnail
      url={url}
      width={32}
      height={44}
      fallback={<IconBook2 size={18} color="var(--mantine-color-dimmed)" aria-hidden />}
    />
  );
}
