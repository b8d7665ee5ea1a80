import type { FormValues } from '../types';

/** A record's fields as the form may hold them: the form's types, or null where nothing is set. */
export type RecordFields<V extends FormValues> = { [K in keyof V]?: V[K] | null };

/**
 * The "record → form values" mapping every edit form starts from: each field is the record's value,
 * or the empty value given here when there is no record (a new one) or the record holds null (an
 * input shows '' rather than "null"). A new object each call, so forms never share state. The
 * empty values also declare the form's type (`ReturnType` of the result), so the fields are listed
 * once; `as` widens an empty value where the field holds more (`null as number | null`).
 */
export function formValuesFrom<V extends FormValues>(empty: V): (record?: RecordFields<V>) => V {
  return (record) => {
    const out: FormValues = {};
    for (const [k, v] of Object.entries(empty)) out[k] = record?.[k] ?? v;
    return out as V;
  };
}
