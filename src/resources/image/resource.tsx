import { msg } from '@lingui/core/macro';
import { rangeFilter } from '../../components/resource/list/range-filter';
import type { ResourceScreen } from '../../components/resource/types';
import { imageApi } from './api';
import { CopyUrlButton } from './components/copy-url-button';
import { ImageGrid } from './components/image-grid';
import { UploadButton } from './components/upload-button';
import { IMAGE_MIME_OPTIONS } from './model';
import type { ImageRecord } from './schema';
import { imageSpec } from './spec';

/**
 * The Images screen (/users/image): a grid of previews instead of a table. The columns only name
 * the sort fields (the grid's sort buttons) and the CSV export's order.
 */
export const imageScreen: ResourceScreen<ImageRecord> = {
  api: imageApi,
  labels: { create: msg`Upload images`, edit: msg`Edit image`, delete: msg`Delete image` },
  recordTitle: (i) => i.fileName,
  body: ImageGrid,
  toolbar: <UploadButton />,
  rowActions: (i) => <CopyUrlButton url={i.url} name={i.fileName} />,
  columns: [
    { key: 'createdAt', label: msg`Upload date`, sortField: 'createdAt', render: (i) => i.createdAt },
    { key: 'fileName', label: msg`Name`, sortField: 'fileName', render: (i) => i.fileName },
    { key: 'size', label: msg`Size`, sortField: 'size', render: (i) => i.size },
  ],
  filters: [
    { name: 'mime', label: msg`Type`, options: IMAGE_MIME_OPTIONS },
    rangeFilter('created', imageSpec.filters.created, msg`Upload date`),
  ],
};
