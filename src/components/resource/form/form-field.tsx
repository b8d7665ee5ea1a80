import { useLingui } from '@lingui/react/macro';
import { NumberInput, SimpleGrid, Textarea, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { Select } from '../../floating';
import { ImagePickerField } from '../../image-picker/image-picker-field';
import type { FieldDef, FieldRenderProps, FormValues } from '../types';
import { DateField } from './date-input';

interface Props<V extends FormValues> {
  field: FieldDef<V>;
  form: UseFormReturnType<V>;
  /** Values of an empty form: what a cleared dependent field goes back to. */
  empty: V;
  /** The form edits an existing record. */
  editing?: boolean;
}

/**
 * A form's fields, two to a row from the `sm` breakpoint; a field of `span` 2 (by default a
 * textarea) takes a whole row.
 */
export function FormFields<V extends FormValues>({
  fields,
  ...props
}: Omit<Props<V>, 'field'> & { fields: FieldDef<V>[] }) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="sm">
      {fields.map((field) => (
        <div key={field.name} style={{ gridColumn: fullWidth(field) ? '1 / -1' : undefined }}>
          <FormField field={field} {...props} />
        </div>
      ))}
    </SimpleGrid>
  );
}

const fullWidth = (field: { span?: 1 | 2; kind: string }) => (field.span ?? (field.kind === 'textarea' ? 2 : 1)) === 2;

/** One field of a resource form, drawn from its description. */
export function FormField<V extends FormValues>({ field, form, empty, editing }: Props<V>) {
  const { i18n } = useLingui();
  const input = form.getInputProps(field.name);
  const onChange = (value: unknown) => {
    input.onChange(value);
    // Dependent fields (subclass of a category) must not keep a value the new parent disowns.
    for (const name of field.clears ?? []) form.setFieldValue(name, empty[name] as never);
  };
  const common: FieldRenderProps<V>['inputProps'] = {
    ...input,
    onChange,
    label: i18n._(field.label),
    required: field.required,
    'data-testid': `field-${field.name}`,
  };
  const placeholder = field.placeholder && i18n._(field.placeholder);
  const description = field.description && i18n._(field.description);

  switch (field.kind) {
    case 'custom':
      return field.render?.({ inputProps: common, values: form.values, editing }) ?? null;
    case 'textarea':
      return (
        <Textarea {...common} placeholder={placeholder} description={description} autosize minRows={3} maxRows={10} />
      );
    case 'number':
      return (
        <NumberInput
          {...common}
          placeholder={placeholder}
          description={description}
          min={field.min}
          max={field.max}
          allowDecimal={false}
        />
      );
    case 'date':
      // In the console's language, not the browser's (date-input.tsx).
      return <DateField {...common} description={description} />;
    case 'image':
      return <ImagePickerField {...common} placeholder={placeholder} description={description} />;
    case 'select':
      return (
        <Select
          {...common}
          placeholder={placeholder}
          description={description}
          data={(field.options ?? []).map((o) => ({ value: o.value, label: i18n._(o.label) }))}
          allowDeselect={!field.required}
          clearable={!field.required}
        />
      );
    default:
      return (
        <TextInput
          {...common}
          placeholder={placeholder}
          description={description}
          type={field.kind === 'url' ? 'url' : 'text'}
        />
      );
  }
}
