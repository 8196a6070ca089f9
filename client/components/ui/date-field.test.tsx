// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, expect, it } from 'vitest';
import { DATE_MAX, DATE_MIN, DateField, isDateInRange } from './date-field.js';

afterEach(cleanup);

it('limits the picker to 1900-01-01..2099-12-31', () => {
  render(<DateField label="Due date" name="due_date" />);
  const input = screen.getByLabelText('Due date');
  expect(input.getAttribute('type')).toBe('date');
  expect(input.getAttribute('min')).toBe(DATE_MIN);
  expect(input.getAttribute('max')).toBe(DATE_MAX);
});

it('accepts dates inside the range only', () => {
  expect(isDateInRange('1900-01-01')).toBe(true);
  expect(isDateInRange('2099-12-31')).toBe(true);
  expect(isDateInRange('1899-12-31')).toBe(false);
  expect(isDateInRange('2100-01-01')).toBe(false);
  expect(isDateInRange('2024-02-29')).toBe(true);
  expect(isDateInRange('2023-02-29')).toBe(false);
  expect(isDateInRange('2024-13-01')).toBe(false);
  expect(isDateInRange('not a date')).toBe(false);
});
