import { ERROR_MESSAGES, type ErrorCode } from '@portal/shared/error-codes';

/** A failure the client is meant to see: status, a stable code and the spec's message. */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: ErrorCode,
    message: string,
    readonly errors?: { field: string; message: string; code?: ErrorCode }[],
    /** Headers the answer carries (Retry-After). */
    readonly headers?: Record<string, string>,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const notFound = (message = 'Not found') => new AppError(404, 'NOT_FOUND', message);

/** A save of details filled from a version that has moved on since (decision 145). */
export const recordChanged = () => new AppError(412, 'RECORD_CHANGED', ERROR_MESSAGES.RECORD_CHANGED);

/** "Please wait 15 minutes": the wait a throttled caller really has, in the 429 text. */
export function tooManyRequests(ttlMs: number): AppError {
  const seconds = Math.max(1, Math.ceil(ttlMs / 1000));
  const wait = seconds < 60 ? `${seconds} second${seconds === 1 ? '' : 's'}` : `${Math.ceil(seconds / 60)} minute${Math.ceil(seconds / 60) === 1 ? '' : 's'}`;
  return new AppError(429, 'RATE_LIMITED', `Too many attempts. Please wait ${wait} and try again.`, undefined, { 'retry-after': String(seconds) });
}
