import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Group, Pagination, Text } from '@mantine/core';
import { PAGE_SIZES } from '../../../contract/values';
import { Select } from '../../floating';
import { lastPage } from './list-search';

interface Props {
  total: number | undefined;
  pageNum: number;
  pageSize: number;
  onPage: (pageNum: number) => void;
  onPageSize: (pageSize: number) => void;
}

export function ListFooter({ total, pageNum, pageSize, onPage, onPageSize }: Props) {
  const { t, i18n } = useLingui();
  const count = total ?? 0;
  return (
    <Group justify="space-between" gap="sm">
      <Text size="sm" c="dimmed" data-testid="list-total" aria-live="polite">
        {total === undefined ? '\u00a0' : <Trans>{count} in total</Trans>}
      </Text>
      <Group gap="sm">
        <Select
          aria-label={t`Rows per page`}
          data-testid="page-size"
          data={PAGE_SIZES.map((n) => ({ value: n, label: t`${n} / page` }))}
          value={pageSize}
          onChange={(v) => v !== null && onPageSize(v)}
          allowDeselect={false}
          w={140}
        />
        <Pagination
          data-testid="pagination"
          total={lastPage(count, pageSize)}
          value={pageNum}
          onChange={onPage}
          withEdges
          getControlProps={(control) => ({ 'aria-label': i18n._(CONTROL_LABELS[control]) })}
          getItemProps={(page) => ({ 'aria-label': t`Page ${page}` })}
        />
      </Group>
    </Group>
  );
}

/** Labels of the first/previous/next/last buttons (icons only, so they need names). */
const CONTROL_LABELS: Record<'first' | 'previous' | 'next' | 'last', MessageDescriptor> = {
  first: msg`First page`,
  previous: msg`Previous page`,
  next: msg`Next page`,
  last: msg`Last page`,
};
