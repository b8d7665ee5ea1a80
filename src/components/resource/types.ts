import type { I18n, MessageDescriptor } from '@lingui/core';
import type { MantineColor } from '@mantine/core';
import type { GetInputPropsReturnType } from '@mantine/form';
import type { ComponentType, ReactNode } from 'react';
import type { RecordMeta } from '../../contract/common';
import type { RangeSpec } from '../../contract/resource-spec';
import type { Density } from '../../contract/views';
import type { SchemaSource } from './form/form-schemas';
import type { FilterValue, ListSearch } from './list/list-search';
import type { ResourceApi } from './resource-api';

/**
 * One resource screen, described once and rendered by the shared list/form components
 * (docs/architecture.md: fifteen screens must not mean fifteen copies).
 */
export interface ResourceScreen<T extends RecordMeta, V extends FormValues = FormValues> {
  api: ResourceApi<T>;
  labels: {
    /** Button and dialog title: "New book". */
    create: MessageDescriptor;
    /** Dialog title: "Edit book". */
    edit: MessageDescriptor;
    /** Confirm dialog title: "Delete book". */
    delete: MessageDescriptor;
  };
  /** How a record is named in dialogs and accessible names ("Delete The Hobbit"). */
  recordTitle: (row: T) => string;
  columns: ColumnDef<T>[];
  filters?: FilterDef[];
  /** No form: the screen cannot create or edit (images, videos). */
  form?: FormDef<T, V>;
  /**
   * 'confirm': a dialog, then the server call. 'undo' (the default, as most lists delete): the row
   * disappears at once with an Undo toast and the server call follows 5 s later. false: no delete.
   */
  deleteMode?: 'confirm' | 'undo' | false;
  /** Extra per-row actions (approve / reject for applications), before Edit and Delete. */
  rowActions?: (row: T) => ReactNode;
  /**
   * The row actions work offline too (they keep their write for later, or only open the record):
   * they are not disabled while the server cannot be reached, as delete is.
   */
  rowActionsOffline?: boolean;
  /** An Export CSV button (`POST /{r}/export` with the current search and filters), unless false. */
  exportable?: boolean;
  /** An Import CSV button: `POST /{r}/import` with a dry run first (import-dialog.tsx). */
  importable?: boolean;
  /** Batch edit of the selected rows or of every match (batch-edit.tsx): the fields it may set. */
  batch?: { fields: FilterDef[] };
  /** Extra toolbar content (an upload button), before the New button. */
  toolbar?: ReactNode;
  /**
   * Draws the rows instead of the table (a grid of image previews). Gets exactly what the table
   * gets, so paging, selection, sorting and delete stay the shared machinery's.
   */
  body?: ComponentType<ResourceBodyProps<T>>;
  /** The record's own page (`/web/book/12`): its title links there, and a tap on its card opens it. */
  recordPath?: (row: T) => string;
  /** What a tap on a card opens when there is no record page (a message's drawer); else the form. */
  open?: (row: T) => void;
  /**
   * How a record shows as a card on a phone (resource-cards.tsx): the title (`recordTitle`'s
   * text by default), 2-3 key fields and a status, each named by its column's key so the card
   * and the table draw a value the same way.
   */
  card?: CardDef<T>;
  /** What an empty list (nothing filtered) says to do first, under "Nothing has been added yet." */
  empty?: ReactNode;
}

export interface CardDef<T> {
  /** The card's heading; the record's title by default. */
  title?: (row: T) => ReactNode;
  /** Columns shown as the card's fields, label and value, in this order (2-3 of them), two a row. */
  fields: string[];
  /** Fields among them that take the card's whole width (a message, a link): long text. */
  wide?: string[];
  /** A column shown in the card's top corner (a status badge). */
  status?: string;
  /** A column shown beside the title (a cover, an avatar). */
  media?: string;
}

/** What the list body (the table, or a resource's own `body`) is given. */
export interface ResourceBodyProps<T extends RecordMeta> {
  columns: ColumnDef<T>[];
  /** Row spacing of the view in use (use-list-views.ts); the table's own when absent. */
  density?: Density;
  /** undefined while the first page loads. */
  rows: T[] | undefined;
  /** Rows of the previous request, shown while the next one loads. */
  stale: boolean;
  filtered: boolean;
  search: ListSearch;
  onSort: (field: string) => void;
  /** false: no selection column (nothing to do with a selection, e.g. a read-only list). */
  selectable?: boolean;
  selected: ReadonlySet<number>;
  onSelect: (ids: number[], selected: boolean) => void;
  recordTitle: (row: T) => string;
  /** Per-row buttons (edit, delete, resource extras); no column when absent. */
  actions?: (row: T) => ReactNode;
  /** The resource's word on an empty list (ResourceScreen.empty). */
  empty?: ReactNode;
}

export interface ColumnDef<T> {
  key: string;
  label: MessageDescriptor;
  render: (row: T, i18n: I18n) => ReactNode;
  /** The server's sort field; the header becomes a sort button. */
  sortField?: string;
  width?: number | string;
  align?: 'left' | 'center' | 'right';
  /** The label is for screen readers only (a thumbnail column). */
  hideLabel?: boolean;
  /**
   * Which columns leave the table first when it is too narrow for all of them (resource-table.tsx):
   * 3 first, then 2 (the default); 1 never (the column that names the record). The actions column
   * always stays.
   */
  priority?: 1 | 2 | 3;
}

export interface Option<V extends string | number = string> {
  value: V;
  label: MessageDescriptor;
  /** Badge colour where the value is shown as a badge. */
  color?: MantineColor;
}

export interface FilterRenderProps {
  value: FilterValue;
  onChange: (value: FilterValue) => void;
  /** Every filter's current value (a subclass picker needs the category). */
  values: Record<string, FilterValue>;
  /** Translated label, for the placeholder. */
  label: string;
  /** Translated accessible name ("Filter: Category"). */
  ariaLabel: string;
  /** For the control's input: `filter-<name>`. */
  testId: string;
}

export interface FilterDef {
  name: string;
  label: MessageDescriptor;
  /** A static select; otherwise `render` draws the control (an async picker). */
  options?: Option[];
  render?: (props: FilterRenderProps) => ReactNode;
  /** Filters emptied when this one changes (the subclass when the category changes). */
  clears?: string[];
  /** A range (range-filter.tsx): two inputs, two URL parameters; `name` is the spec's key. */
  range?: Pick<RangeSpec, 'kind' | 'params'>;
}

export type FormValues = Record<string, unknown>;
/** `image`: an image address with the library picker and upload (components/image-picker). */
export type FieldKind = 'text' | 'textarea' | 'number' | 'select' | 'date' | 'url' | 'image' | 'custom';

export interface FieldRenderProps<V extends FormValues> {
  /** Mantine input props plus label, required, data-testid: spread onto the input. */
  inputProps: GetInputPropsReturnType & { label: string; required?: boolean; 'data-testid': string };
  values: V;
  /** true when the form edits an existing record (a password field is optional then). */
  editing?: boolean;
}

export interface FieldDef<V extends FormValues> {
  name: keyof V & string;
  label: MessageDescriptor;
  kind: FieldKind;
  /** Shows the asterisk; the schema is what actually requires it. */
  required?: boolean;
  options?: Option[];
  /** Columns of the two-column form grid; default 1, textareas 2. */
  span?: 1 | 2;
  placeholder?: MessageDescriptor;
  description?: MessageDescriptor;
  min?: number;
  max?: number;
  /** Fields emptied when this one changes. */
  clears?: (keyof V & string)[];
  render?: (props: FieldRenderProps<V>) => ReactNode;
  /** How a value reads in the conflict comparison; default: option label or the value itself. */
  renderValue?: (value: unknown) => ReactNode;
}

export interface FormDef<T extends RecordMeta, V extends FormValues> {
  fields: FieldDef<V>[];
  /**
   * The contract's schemas: the form validates with exactly what the server validates. A list
   * screen gives a loader (form-schemas.ts), so zod is not part of the list.
   */
  schemas: SchemaSource;
  /** Form values for a new record (no row) or for editing `row`. */
  toValues: (row?: T) => V;
  size?: 'md' | 'lg' | 'xl';
}
