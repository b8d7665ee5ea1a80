import { Trans, useLingui } from '@lingui/react/macro';
import { Group, Pagination, Select, Text } from '@mantine/core';
import { PAGE_SIZES } from '../../contract/common';
import { lastPage } from './list-search';

interface Props {
  total: number | undefined;
  pageNum: number;
  pageSize: number;
  onPage: (pageNum: number) => void;
  onPageSize: (pageSize: number) => void;
}

export function ListFooter({ total, pageNum, pageSize, onPage, onPageSize }: Props) {
  const { t } = useLingui();
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
          getControlProps={(control) => ({ 'aria-label': controlLabel(control, t) })}
          getItemProps={(page) => ({ 'aria-label': t`Page ${page}` })}
        />
      </Group>
    </Group>
  );
}

function controlLabel(control: 'first' | 'previous' | 'next' | 'last', t: ReturnType<typeof useLingui>['t']) {
  switch (control) {
    case 'first':
      return t`First page`;
    case 'previous':
      return t`Previous page`;
    case 'next':
      return t`Next page`;
    case 'last':
      return t`Last page`;
  }
}
