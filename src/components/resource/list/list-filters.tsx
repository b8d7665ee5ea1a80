import { useLingui } from '@lingui/react/macro';
import { Select } from '../../floating';
import type { FilterDef } from '../types';
import type { FilterValue, ListSearch } from './list-search';
import { RangeFilter } from './range-filter';

interface Props {
  filters: FilterDef[];
  search: ListSearch;
  /** Changed filters, with the ones they clear already emptied. */
  onChange: (patch: Record<string, FilterValue>) => void;
}

/** The URL parameters a filter of the bar holds: its name, or a range's two. */
export const filterDefParams = (f: FilterDef): readonly string[] => f.range?.params ?? [f.name];

/** Width of one filter control beside the others (px). */
export const FILTER_WIDTH = 160;

/** The resource's filters: static selects, or the control the description renders (pickers). */
export function ListFilters({ filters, search, onChange }: Props) {
  const { t, i18n } = useLingui();
  const values = Object.fromEntries(filters.map((f) => [f.name, search[f.name]]));

  const change = (filter: FilterDef, value: FilterValue) => {
    const patch: Record<string, FilterValue> = { [filter.name]: value ?? undefined };
    for (const name of filter.clears ?? []) patch[name] = undefined;
    onChange(patch);
  };

  return filters.map((filter) => {
    const label = i18n._(filter.label);
    const ariaLabel = t`Filter: ${label}`;
    const value = search[filter.name];
    if (filter.range) {
      const [lower, upper] = filter.range.params;
      return (
        <RangeFilter
          key={filter.name}
          kind={filter.range.kind}
          params={filter.range.params}
          label={label}
          lower={search[lower]}
          upper={search[upper]}
          onChange={onChange}
        />
      );
    }
    if (filter.render) {
      return (
        <div key={filter.name}>
          {filter.render({
            value,
            values,
            label,
            ariaLabel,
            testId: `filter-${filter.name}`,
            onChange: (v) => change(filter, v),
          })}
        </div>
      );
    }
    return (
      <Select
        key={filter.name}
        aria-label={ariaLabel}
        placeholder={label}
        data-testid={`filter-${filter.name}`}
        data={(filter.options ?? []).map((o) => ({ value: o.value, label: i18n._(o.label) }))}
        value={value === undefined ? null : String(value)}
        onChange={(v) => change(filter, v ?? undefined)}
        clearable
        w={{ base: '100%', sm: FILTER_WIDTH }}
      />
    );
  });
}
