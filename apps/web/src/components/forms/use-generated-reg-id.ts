import { useEffect } from 'react';
import type { GenerateRegIdAnswer } from '@portal/shared/my-details-schemas';
import { api } from '@/lib/api-client';

/** K10, N21: a new registration id for a customer who has none (R20). */
export async function generateRegId(): Promise<string> {
  return (await api<GenerateRegIdAnswer>('/api/customer/generate-reg-id', { query: { type: 'customer' } })).reg_id;
}

/**
 * K10, N21: a customer form that shows the Reg ID field with no value gets one from
 * GenerateRegId; an answer that comes after the form is gone is dropped.
 */
export function useGeneratedRegId(shows: boolean, current: unknown, setRegId: (id: string) => void): void {
  useEffect(() => {
    if (!shows || current) return;
    let live = true;
    generateRegId().then(
      (id) => {
        if (live) setRegId(id);
      },
      () => {},
    );
    return () => {
      live = false;
    };
  }, [shows, current, setRegId]);
}
