import { Trans, useLingui } from '@lingui/react/macro';
import { IconDownload } from '@tabler/icons-react';
import { useState } from 'react';
import type { RecordMeta } from '../../../contract/common';
import { Menu } from '../../floating';
import { MenuButton } from '../../menu-button';
import { type ListSearch, toPageBody } from '../list/list-search';
import type { FormValues, ResourceScreen } from '../types';
import { peopleLabels, toPeopleCsv } from './csv-for-people';
import { downloadCsv } from './export-csv';

export interface CsvExport {
  busy: boolean;
  run: (forPeople: boolean) => Promise<void>;
}

/**
 * Export CSV, every row of the current search and filters (all pages), in one of two forms:
 * for people (headers and values in the console's language) or raw for import and machines
 * (field names and enum values, exactly the server's export; an import reads that form).
 */
export function useCsvExport<T extends RecordMeta, V extends FormValues>(
  resource: ResourceScreen<T, V>,
  search: ListSearch,
): CsvExport {
  const { i18n } = useLingui();
  const [busy, setBusy] = useState(false);
  const { path, filterNames } = resource.api;
  const run = async (forPeople: boolean) => {
    setBusy(true);
    try {
      const body = toPageBody({ ...search, pageNum: 1 }, filterNames);
      // book-2026-11-28.csv for import, book-2026-11-28-for-people.csv to read: one never replaces the other.
      if (forPeople)
        await downloadCsv(path, body, (raw) => toPeopleCsv(raw, peopleLabels(resource, i18n)), '-for-people');
      else await downloadCsv(path, body);
    } catch {
      // Already shown to the user by downloadCsv.
    } finally {
      setBusy(false);
    }
  };
  return { busy, run };
}

/** The two forms of the export as menu items: in the Export menu, or in a phone's overflow menu. */
export function ExportItems({ run }: Pick<CsvExport, 'run'>) {
  return (
    <>
      <Menu.Item onClick={() => run(true)} data-testid="export-csv-people">
        <Trans>For people (translated headers and values)</Trans>
      </Menu.Item>
      <Menu.Item onClick={() => run(false)} data-testid="export-csv-raw">
        <Trans>For import and machines (raw field names and values)</Trans>
      </Menu.Item>
    </>
  );
}

/** The toolbar's "Export CSV" button and its menu. */
export function ExportMenu({ busy, run }: CsvExport) {
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <MenuButton icon={IconDownload} loading={busy} data-testid="export-csv">
          <Trans>Export CSV</Trans>
        </MenuButton>
      </Menu.Target>
      <Menu.Dropdown>
        <ExportItems run={run} />
      </Menu.Dropdown>
    </Menu>
  );
}
