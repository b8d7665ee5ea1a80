import { Trans } from '@lingui/react/macro';
import { Button } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useState } from 'react';
import { downloadCsv } from './export-csv';
import { type ListSearch, toPageBody } from './list-search';

/** Exports every row of the current search and filters (all pages), not only the visible page. */
export function ExportButton({
  path,
  search,
  filterNames,
}: {
  path: string;
  search: ListSearch;
  filterNames: readonly string[];
}) {
  const [busy, setBusy] = useState(false);
  const run = async () => {
    setBusy(true);
    try {
      await downloadCsv(path, toPageBody({ ...search, pageNum: 1 }, filterNames));
    } catch {
      // Already shown to the user by downloadCsv.
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button
      variant="default"
      leftSection={<IconDownload size={16} aria-hidden />}
      onClick={run}
      loading={busy}
      data-testid="export-csv"
    >
      <Trans>Export CSV</Trans>
    </Button>
  );
}
