import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { ActionIcon, type ElementProps, Input, type InputProps, TextInput, type TextInputProps } from '@mantine/core';
import { IconCalendar } from '@tabler/icons-react';
import { type ChangeEvent, useEffect, useRef, useState } from 'react';
import { type DayField, dayPattern, formatDayDigits, parseDayDigits } from '../../format';
import classes from './date-input.module.css';

/*
 * Date fields in the console's language. A native <input type=date> writes the day as the
 * browser's own locale does (mm/dd/yyyy in an English Chromium whatever language the console
 * speaks), so a date field is a text field in the language's order instead (es dd/mm/aaaa, ja
 * yyyy/mm/dd, from Intl), read back as it is typed, with the browser's calendar a button away.
 * The value stays the contract's `YYYY-MM-DD`.
 */

/** The placeholders of each part of a date, as browsers write them in each language. */
const FIELD_WORDS: Record<DayField, MessageDescriptor> = {
  year: msg({ message: 'yyyy', comment: 'Placeholder for the year digits of a date field (dd/mm/yyyy)' }),
  month: msg({ message: 'mm', comment: 'Placeholder for the month digits of a date field (dd/mm/yyyy)' }),
  day: msg({ message: 'dd', comment: 'Placeholder for the day digits of a date field (dd/mm/yyyy)' }),
};

/**
 * The text of a date field over its value: `value` is a day (`YYYY-MM-DD`), `''`, or text typed
 * that is no day yet (handed back as it is, so a form's schema refuses it). The text follows a
 * value set from elsewhere (a reset, a saved view, the calendar) and the language; what the user
 * types stays as typed.
 */
export function useDayText(value: string, onChange: (value: string) => void) {
  const { i18n } = useLingui();
  const locale = i18n.locale;
  const [text, setText] = useState(() => formatDayDigits(value, locale));
  // What this field last handed out, and the language its text is written in.
  const sent = useRef<string | null>(value);
  const [shownIn, setShownIn] = useState(locale);
  useEffect(() => {
    if (value === sent.current && locale === shownIn) return;
    sent.current = value;
    setShownIn(locale);
    setText(formatDayDigits(value, locale));
  }, [value, locale, shownIn]);

  const { order, literals } = dayPattern(locale);
  const pattern =
    order.map((f, i) => (literals[i] ?? '') + i18n._(FIELD_WORDS[f])).join('') + (literals[order.length] ?? '');
  const parsed = parseDayDigits(text, locale);
  const hand = (out: string) => {
    sent.current = out;
    onChange(out);
  };
  return {
    text,
    /** e.g. "dd/mm/aaaa": the placeholder, and the way the error says to write it. */
    pattern,
    /** Something is typed that is no day. */
    invalid: parsed === null,
    /** The day shown, for the calendar. */
    day: parsed ?? '',
    change: (e: ChangeEvent<HTMLInputElement>) => {
      const next = e.currentTarget.value;
      setText(next);
      hand(parseDayDigits(next, locale) ?? next);
    },
    pick: (day: string) => {
      setText(formatDayDigits(day, locale));
      hand(day);
    },
  };
}

const canShowPicker = () =>
  typeof HTMLInputElement !== 'undefined' && typeof HTMLInputElement.prototype.showPicker === 'function';

/**
 * The browser's calendar for a date field: a native date input nobody sees, opened by the button
 * (showPicker). Keyboard users type the date; the button is there for the pointer.
 */
function CalendarButton({ day, onPick }: { day: string; onPick: (day: string) => void }) {
  const { t } = useLingui();
  const native = useRef<HTMLInputElement>(null);
  if (!canShowPicker()) return null;
  return (
    <>
      <ActionIcon
        variant="subtle"
        color="gray"
        // Not named after the field: the field's own name stays its input's alone.
        aria-label={t`Open the calendar`}
        onClick={() => {
          try {
            native.current?.showPicker();
          } catch {
            // Not allowed here (an embedding frame): typing still works.
          }
        }}
        data-testid="date-calendar"
      >
        <IconCalendar size={16} aria-hidden />
      </ActionIcon>
      <input
        ref={native}
        type="date"
        tabIndex={-1}
        aria-hidden
        className={classes.native}
        value={day}
        onChange={(e) => {
          if (e.currentTarget.value) onPick(e.currentTarget.value);
        }}
      />
    </>
  );
}

type FieldProps = Omit<TextInputProps, 'value' | 'onChange' | 'type'> & {
  value?: unknown;
  onChange: (value: string) => void;
  label: string;
};

/** A form's date field (kind 'date'): label, description and error as every field. */
export function DateField({ value, onChange, label, error, ...rest }: FieldProps) {
  const { t } = useLingui();
  const day = useDayText(typeof value === 'string' ? value : '', onChange);
  const pattern = day.pattern;
  return (
    <TextInput
      {...rest}
      label={label}
      value={day.text}
      onChange={day.change}
      placeholder={pattern}
      autoComplete="off"
      // The form's schema refuses it too, in its words (YYYY-MM-DD); this says it in the field's.
      error={day.invalid ? t`Write the date as ${pattern}` : error}
      rightSection={<CalendarButton day={day.day} onPick={day.pick} />}
      rightSectionPointerEvents="all"
      data-date-pattern={pattern}
    />
  );
}

type BareProps = Omit<InputProps, 'value' | 'onChange'> &
  ElementProps<'input', 'value' | 'onChange' | 'size' | 'type'> & {
    value: string;
    onChange: (value: string) => void;
    /** The input's accessible name (the bare input has no label of its own). */
    'aria-label': string;
  };

/** A date input without label (a range filter's ends), marked invalid while its text is no day. */
export function DayInput({ value, onChange, error, 'aria-label': label, ...rest }: BareProps) {
  const day = useDayText(value, onChange);
  return (
    <Input
      {...rest}
      aria-label={label}
      value={day.text}
      onChange={day.change}
      placeholder={day.pattern}
      autoComplete="off"
      error={day.invalid || error}
      aria-invalid={day.invalid || rest['aria-invalid'] ? true : undefined}
      rightSection={<CalendarButton day={day.day} onPick={day.pick} />}
      rightSectionPointerEvents="all"
      data-date-pattern={day.pattern}
    />
  );
}
