import { msg } from '@lingui/core/macro';
import { Switch } from '@mantine/core';
import { ExternalLink } from '../../components/external-link';
import { nameColumn, sortColumn, updatedColumn } from '../../components/resource/list/columns';
import { rangeFilter } from '../../components/resource/list/range-filter';
import type { ResourceScreen } from '../../components/resource/types';
import { Thumbnail } from '../../components/thumbnail';
import { bannerApi } from './api';
import { BannerEnabledSwitch } from './components/banner-enabled-switch';
import { EnabledFilter, EnabledLabel } from './components/enabled-filter';
import { type BannerFormValues, toBannerFormValues } from './model';
import type { Banner } from './schema';
import { bannerSpec } from './spec';

/** The Banners screen (/web/banner): the reading site's carousel. */
export const bannerScreen: ResourceScreen<Banner, BannerFormValues> = {
  api: bannerApi,
  labels: { create: msg`New banner`, edit: msg`Edit banner`, delete: msg`Delete banner` },
  recordTitle: (b) => b.title,
  card: { media: 'image', fields: ['sort', 'linkUrl'], wide: ['linkUrl'], status: 'enabled' },
  columns: [
    {
      key: 'image',
      label: msg`Image`,
      hideLabel: true,
      width: 112,
      priority: 3,
      render: (b) => <Thumbnail url={b.imageUrl} width={96} height={40} />,
    },
    nameColumn('title', msg`Title`, { lines: 2 }),
    { key: 'linkUrl', label: msg`Link`, priority: 3, render: (b) => <ExternalLink url={b.linkUrl} /> },
    sortColumn(),
    {
      key: 'enabled',
      label: msg`Enabled`,
      sortField: 'enabled',
      width: 110,
      render: (b) => <BannerEnabledSwitch banner={b} />,
    },
    updatedColumn(),
  ],
  filters: [
    {
      name: 'enabled',
      label: msg`Enabled`,
      // The URL and the page body hold a boolean; the select speaks strings.
      render: ({ value, onChange, label, ariaLabel, testId }) => (
        <EnabledFilter value={value} onChange={onChange} label={label} ariaLabel={ariaLabel} testId={testId} />
      ),
    },
    rangeFilter('updated', bannerSpec.filters.updated, msg`Updated`),
  ],
  form: {
    // The schemas (and zod) load with the form, not with the list.
    schemas: () => import('./schema').then((m) => ({ create: m.bannerCreateSchema, update: m.bannerUpdateSchema })),
    toValues: toBannerFormValues,
    fields: [
      { name: 'title', label: msg`Title`, kind: 'text', required: true, span: 2 },
      {
        name: 'imageUrl',
        label: msg`Image URL`,
        kind: 'image',
        required: true,
        span: 2,
        placeholder: msg`https://… or /prod-api/files/…`,
        description: msg`Choose from the library, upload, or paste any https image address.`,
      },
      {
        name: 'linkUrl',
        label: msg`Link`,
        kind: 'url',
        span: 2,
        placeholder: msg`https://…, mailto:… or tel:…`,
        description: msg`Where a click on the banner goes (optional).`,
      },
      { name: 'sort', label: msg`Sort`, kind: 'number', min: 0, description: msg`Lower comes first.` },
      {
        name: 'enabled',
        label: msg`Enabled`,
        kind: 'custom',
        render: ({ inputProps }) => (
          <Switch
            mt={{ base: 0, sm: 28 }}
            label={inputProps.label}
            checked={Boolean(inputProps.value)}
            onChange={(e) => inputProps.onChange(e.currentTarget.checked)}
            data-testid={inputProps['data-testid']}
          />
        ),
        renderValue: (v) => (v ? <EnabledLabel on /> : <EnabledLabel />),
      },
    ],
  },
};
