import { Avatar } from '@mantine/core';

/** The reader's picture, or their initials; decorative (the name is in the next column). */
export function ReaderAvatar({ url, name }: { url: string | null; name: string }) {
  return <Avatar src={url} name={name} color="initials" size={34} radius="xl" alt="" />;
}
