import { useEffect, useRef } from 'react';
import { REG_ID_PLACEHOLDER } from '@portal/shared/form-engine/form-types';
import { call } from '@/lib/call';
import { accountEndpoints } from '@portal/shared/endpoints/accounts';

/** K10, N21: a new registration id for a customer who has none (R20). */
export async function generateRegId(): Promise<string> {
  return (await call(accountEndpoints.generateRegId, { query: { type: 'customer' } })).reg_id;
}

/** No id yet: nothing, or the form's "TBD" placeholder (E12). */
const hasNoId = (value: unknown) => !value || value === REG_ID_PLACEHOLDER;

/**
 * K10, N21: a customer form that shows the Reg ID field with no id gets one from GenerateRegId,
 * asked once while the form is open. Typing elsewhere in the form meanwhile does not lose the
 * answer; an answer that comes after the form is gone is dropped.
 */
export function useGeneratedRegId(shows: boolean, current: unknown, setRegId: (id: string) => void): void {
  const asked = useRef(false);
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);
  useEffect(() => {
    if (!shows || !hasNoId(current) || asked.current) return;
    asked.current = true;
    generateRegId().then(
      (id) => {
        if (mounted.current) setRegId(id);
      },
      () => {
        // Asked again the next time the form opens.
        asked.current = false;
      },
    );
  }, [shows, current, setRegId]);
}
