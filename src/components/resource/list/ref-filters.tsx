import { msg } from '@lingui/core/macro';
import { CategorySelect } from '../../pickers/category-select';
import type { IdPickerProps } from '../../pickers/id-select';
import { SubclassSelect } from '../../pickers/subclass-select';
import type { FilterDef, FilterRenderProps } from '../types';
import { FILTER_WIDTH } from './list-filters';
import type { FilterValue } from './list-search';

/**
 * The filters a spec declares as `ref` to a category or a subclass, drawn by their pickers. The
 * list toolbar names the picker by its placeholder (no room for a label); the batch dialog shows a
 * visible label. Both hold a record id, and "none" is `undefined` (dropped from the URL).
 */
type Place = { in: 'toolbar'; width?: number } | { in: 'batch' };

const idOf = (v: FilterValue) => (typeof v === 'number' ? v : null);

function pickerProps(p: FilterRenderProps, place: Place): IdPickerProps {
  const common = {
    'data-testid': p.testId,
    value: idOf(p.value),
    onChange: (id: number | null) => p.onChange(id ?? undefined),
    clearable: true,
  };
  return place.in === 'batch'
    ? { ...common, label: p.label }
    : {
        ...common,
        'aria-label': p.ariaLabel,
        placeholder: p.label,
        w: { base: '100%', sm: place.width ?? FILTER_WIDTH },
      };
}

/** The category picker as a filter; `clears` names the filters that depend on the category. */
export const categoryFilter = (place: Place, clears?: string[]): FilterDef => ({
  name: 'categoryId',
  label: msg`Category`,
  ...(clears ? { clears } : {}),
  render: (p) => <CategorySelect {...pickerProps(p, place)} />,
});

/** The subclass picker as a filter, offering the subclasses of the category chosen beside it. */
export const subclassFilter = (place: Place): FilterDef => ({
  name: 'subclassId',
  label: msg`Subclass`,
  render: (p) => <SubclassSelect {...pickerProps(p, place)} categoryId={idOf(p.values.categoryId)} />,
});
