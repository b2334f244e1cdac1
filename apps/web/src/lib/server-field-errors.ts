import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiRequestError, errorMessage } from './api-client';

/**
 * Puts each `errors: [{ field, message }]` entry of an error answer on the form field of
 * that name (react-hook-form setError, so it shows under the field and sets aria-invalid)
 * and returns what the form's error box should say: the answer's message, unless it only
 * repeats a message now shown on a field. Entries for fields the form does not have stay
 * in the box.
 */
export function showServerErrors<T extends FieldValues>(error: unknown, setError: UseFormSetError<T>, fields: readonly Path<T>[]): string | null {
  if (!(error instanceof ApiRequestError) || error.errors.length === 0) return errorMessage(error);
  const placed: string[] = [];
  const unplaced: string[] = [];
  let focused = false;
  for (const entry of error.errors) {
    const field = fields.find((f) => f === entry.field);
    if (!field) {
      unplaced.push(entry.message);
      continue;
    }
    setError(field, { type: 'server', message: entry.message }, { shouldFocus: !focused });
    focused = true;
    placed.push(entry.message);
  }
  if (unplaced.length > 0) return [error.message, ...unplaced.filter((m) => m !== error.message)].join(' ');
  return placed.includes(error.message) ? null : error.message;
}
