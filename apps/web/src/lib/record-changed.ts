import { useRef } from 'react';
import { ApiRequestError } from './api-client';

/** A save refused because the details changed since its form was filled (412 RECORD_CHANGED, decision 145). */
export const isRecordChanged = (error: unknown): boolean => error instanceof ApiRequestError && error.code === 'RECORD_CHANGED';

/**
 * The version of a record the values of a form on screen were filled from (decision 145): the one
 * the form opened with, then each save's, never one a refetch brought in meanwhile. After a save
 * refused as changed elsewhere, the next names the record as read since (`current`), as the message
 * says: the family chose to replace it.
 */
export function useFilledVersion(current: number | undefined) {
  const filledFrom = useRef(current);
  const replaceNext = useRef(false);
  return {
    /** The version a save names. */
    toSend: () => (replaceNext.current ? current : filledFrom.current),
    saved: (version: number) => {
      filledFrom.current = version;
      replaceNext.current = false;
    },
    failed: (error: unknown) => {
      if (isRecordChanged(error)) replaceNext.current = true;
    },
  };
}
