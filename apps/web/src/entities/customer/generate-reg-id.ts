import { useEffect, useRef } from 'react';
import { REG_ID_PLACEHOLDER } from '@portal/shared/form-engine/form-types';
import { REGISTRATION_TOKEN_HEADER } from '@portal/shared/registration-schemas';
import { call } from '@/lib/call';
import { accountEndpoints } from '@portal/shared/endpoints/accounts';

/**
 * K10, N21: a new registration id for a customer who has none (R20). Named by a registration's
 * token, the id of that registration: the same one each time it is asked.
 */
export async function generateRegId(registrationToken?: string): Promise<string> {
  const headers = registrationToken ? { headers: { [REGISTRATION_TOKEN_HEADER]: registrationToken } } : {};
  return (await call(accountEndpoints.generateRegId, { query: { type: 'customer' }, ...headers })).reg_id;
}

/** No id yet: nothing, or the form's "TBD" placeholder (E12). */
const hasNoId = (value: unknown) => !value || value === REG_ID_PLACEHOLDER;

/**
 * K10, N21: a customer form that shows the Reg ID field with no id gets one from GenerateRegId,
 * asked once while the form is open. Typing elsewhere in the form meanwhile does not lose the
 * answer; an answer that comes after the form is gone is dropped. A new family's form passes its
 * registration's token (the field shows "TBD" until there is one): the id is that registration's,
 * asked for each registration, so a form shown again or reloaded shows the same number and one
 * merely opened draws none.
 */
export function useGeneratedRegId(shows: boolean, current: unknown, setRegId: (id: string) => void, registrationToken?: string): void {
  // What was asked for: the registration's token, '' for a customer's own form; null until asked.
  const asked = useRef<string | null>(null);
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);
  useEffect(() => {
    const key = registrationToken ?? '';
    if (!shows || asked.current === key || (registrationToken === undefined && !hasNoId(current))) return;
    asked.current = key;
    generateRegId(registrationToken).then(
      (id) => {
        // An answer for a registration the form has moved on from is not this one's.
        if (mounted.current && asked.current === key) setRegId(id);
      },
      () => {
        // Asked again the next time the form opens; a failure for a registration the form has moved on from changes nothing.
        if (asked.current === key) asked.current = null;
      },
    );
  }, [shows, current, setRegId, registrationToken]);
}
