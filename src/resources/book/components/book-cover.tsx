import { Center, Image } from '@mantine/core';
import { IconBook2 } from '@tabler/icons-react';
import { useState } from 'react';
import { imageSources } from '../../../contract/image-variants';

const W = 32;
const H = 44;

/** The list's cover thumbnail; decorative (the title is in the next column), so alt="". */
export function BookCover({ url }: { url: string | null }) {
  const [broken, setBroken] = useState(false);
  if (!url || broken) {
    return (
      // The scheme's own surface and dimmed colours: gray-1 was a white square in the dark theme.
      <Center
        w={W}
        h={H}
        bg="var(--mantine-color-default-hover)"
        style={{ borderRadius: 4 }}
        data-testid="cover-placeholder"
      >
        <IconBook2 size={18} color="var(--mantine-color-dimmed)" aria-hidden />
      </Center>
    );
  }
  // The smallest copy that fills 32 px at this screen's density: a few KiB, not the original photo.
  return (
    <Image
      {...imageSources(url, W)}
      alt=""
      w={W}
      h={H}
      fit="cover"
      radius="xs"
      loading="lazy"
      onError={() => setBroken(true)}
    />
  );
}
