import { Field } from './field.js';
import { utcDayOf } from '../../../shared/dates.days.js';
import type { InputHTMLAttributes } from 'react';

/** The date picker's range (docs/product/constants.md). */
export const DATE_MIN = '1900-01-01';
export const DATE_MAX = '2099-12-31';

/** A real calendar date (YYYY-MM-DD) inside the picker's range. */
export function isDateInRange(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value) || value < DATE_MIN || value > DATE_MAX) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && utcDayOf(date) === value;
}

type Props = Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'min' | 'max'> & { label: string; name: string; error?: string | undefined };

/** A date input limited to 1900-01-01..2099-12-31 (the browser's own picker, keyboard usable). */
export function DateField(props: Props) {
  return <Field {...props} type="date" min={DATE_MIN} max={DATE_MAX} />;
}
