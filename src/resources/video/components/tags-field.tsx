import { TagsInput, type TagsInputProps } from '@mantine/core';
import { MAX_TAGS, splitTags } from '../../../upload/limits';

type Props = Omit<TagsInputProps, 'value' | 'onChange'> & {
  /** The service's comma-separated tags. */
  value?: unknown;
  onChange: (value: string) => void;
};

/**
 * A video's tags as chips, kept as the service's comma-separated text. Its own module: the tags
 * input (with its dropdown code) loads with the edit form, not with the record page.
 */
export default function TagsField({ value, onChange, ...props }: Props) {
  return (
    <TagsInput
      {...props}
      value={splitTags(typeof value === 'string' ? value : '')}
      maxTags={MAX_TAGS}
      onChange={(tags) => onChange(tags.join(','))}
    />
  );
}
