import { Center, Image } from '@mantine/core';
import { IconPhoto } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { imageSources } from '../contract/image-variants';

interface Props {
  url: string | null | undefined;
  width: number;
  height: number;
  /** Shown when there is no image or it fails to load. */
  fallback?: ReactNode;
}

/**
 * A list's image thumbnail (banner, video cover). Decorative: the record's title is in the next
 * column, so alt="". A missing or broken image shows a neutral placeholder of the same size, so
 * rows keep their height.
 */
export function Thumbnail({ url, width, height, fallback }: Props) {
  const [broken, setBroken] = useState<string | null>(null);
  if (!url || broken === url) {
    return (
      <Center w={width} h={height} bg="var(--mantine-color-default-hover)" style={{ borderRadius: 4 }}>
        {fallback ?? <IconPhoto size={18} color="var(--mantine-color-dimmed)" aria-hidden />}
      </Center>
    );
  }
  return (
    <Image
      // The smallest copy that fills the box at this screen's density, not the original photo.
      {...imageSources(url, width)}
      alt=""
      w={width}
      h={height}
      fit="cover"
      radius="xs"
      loading="lazy"
      onError={() => setBroken(url)}
    />
  );
}
