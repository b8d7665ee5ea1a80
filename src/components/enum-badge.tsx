import { useLingui } from '@lingui/react/macro';
import { Badge } from '@mantine/core';
import type { Option } from './resource/types';

/** A status value as a coloured badge with its translated label. */
export function EnumBadge<V extends string>({ value, options }: { value: V; options: readonly Option<V>[] }) {
  const { i18n } = useLingui();
  const option = options.find((o) => o.value === value);
  return (
    <Badge color={option?.color ?? 'gray'} variant="light" radius="sm" data-value={value}>
      {option ? i18n._(option.label) : value}
    </Badge>
  );
}
