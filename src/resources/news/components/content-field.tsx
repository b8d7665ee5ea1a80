import { Input, Skeleton } from '@mantine/core';
import { Suspense } from 'react';
import type { FieldRenderProps } from '../../../components/resource/types';
import { lazy } from '../../../lib/lazy';
import type { NewsFormValues } from '../model';

// The editor (tiptap, ProseMirror) loads when a news form opens, not with the list.
const RichTextInput = lazy(() => import('./rich-text').then((m) => ({ default: m.RichTextInput })));

/** The news content: a rich text editor in the form's field frame (label, asterisk, error). */
export function ContentField({ inputProps }: FieldRenderProps<NewsFormValues>) {
  const { label, required, error, value, onChange, onBlur } = inputProps;
  return (
    <Input.Wrapper label={label} required={required} error={error} labelElement="div">
      <Suspense fallback={<Skeleton height={280} radius="sm" data-testid="editor-loading" />}>
        <RichTextInput
          value={typeof value === 'string' ? value : ''}
          onChange={onChange}
          onBlur={onBlur}
          label={label}
          invalid={Boolean(error)}
          testId={inputProps['data-testid']}
        />
      </Suspense>
    </Input.Wrapper>
  );
}
