import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BankDetailsRequest, PaymentDetails } from '@portal/shared/payment-schemas';
import { call } from '@/lib/call';
import { paymentEndpoints } from '@portal/shared/endpoints/payments';
import { getPaymentDetailsQueryOptions } from '@/entities/payments/get-payment-details';
import { finishDirectDebit, startDirectDebit } from '@/entities/payments/direct-debit';

export function saveCard(token: string, mode: 'add' | 'update'): Promise<PaymentDetails> {
  return call(mode === 'add' ? paymentEndpoints.addCard : paymentEndpoints.updateCard, { body: { token } });
}

export function updateBankDetails(body: BankDetailsRequest): Promise<PaymentDetails> {
  return call(paymentEndpoints.updateBankDetails, { body });
}

export function removePaymentDetails() {
  return call(paymentEndpoints.removePaymentDetails);
}

/** Each change answers the new details, which replace the cached ones. */
export function usePaymentDetailsMutations() {
  const queryClient = useQueryClient();
  const key = getPaymentDetailsQueryOptions().queryKey;
  const onSuccess = (data: PaymentDetails) => queryClient.setQueryData(key, data);
  return {
    saveCard: useMutation({ mutationFn: (v: { token: string; mode: 'add' | 'update' }) => saveCard(v.token, v.mode), onSuccess }),
    saveBank: useMutation({ mutationFn: updateBankDetails, onSuccess }),
    startDebit: useMutation({ mutationFn: startDirectDebit, onSuccess: ({ authorisationUrl }) => window.location.assign(authorisationUrl) }),
    finishDebit: useMutation({ mutationFn: finishDirectDebit, onSuccess }),
    remove: useMutation({ mutationFn: removePaymentDetails, onSuccess: () => queryClient.invalidateQueries({ queryKey: key }) }),
  };
}
