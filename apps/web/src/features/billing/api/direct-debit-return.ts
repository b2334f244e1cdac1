import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { DIRECT_DEBIT_CANCELLED, DIRECT_DEBIT_NOT_YET, DIRECT_DEBIT_SET_UP, type PaymentDetails } from '@portal/shared/payment-schemas';
import { errorMessage } from '@/lib/api-client';

/**
 * Back from GoCardless's hosted pages (`?direct-debit=done` or `cancelled`): the mandate is looked
 * up once and the page says whether it is set up, then the address loses its parameter.
 */
export function useDirectDebitReturn(finish: () => Promise<PaymentDetails>, setStatus: (s: string) => void, setError: (e: string) => void, onSetUp?: (details: PaymentDetails) => void) {
  const [params, setParams] = useSearchParams();
  const outcome = params.get('direct-debit');
  const handled = useRef(false);
  useEffect(() => {
    if (!outcome || handled.current) return;
    handled.current = true;
    setParams({}, { replace: true });
    if (outcome === 'cancelled') setStatus(DIRECT_DEBIT_CANCELLED);
    else
      finish().then(
        (details) => {
          setStatus(details.bank?.BankName ? DIRECT_DEBIT_SET_UP : DIRECT_DEBIT_NOT_YET);
          onSetUp?.(details);
        },
        (e: unknown) => setError(errorMessage(e)),
      );
  }, [outcome, finish, setParams, setStatus, setError, onSetUp]);
}
