import { ApiRequestError } from './api-client';

/** A save refused because the details changed since its form was filled (412 RECORD_CHANGED, decision 145). */
export const isRecordChanged = (error: unknown): boolean => error instanceof ApiRequestError && error.code === 'RECORD_CHANGED';
