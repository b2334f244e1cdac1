import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Success } from '@portal/shared/api-schemas';
import type { BankDetailsRequest, PaymentDetails } from '@portal/shared/payment-schemas';
import { api } from '@/lib/api-client';
import { getPaymentDetailsQueryOptions } from '@/entities/payments/get-payment-details';

export function saveCard(token: string, mode: 'add' | 'update'): Promise<PaymentDetails> {
  return api<PaymentDetails>(mode === 'add' ? '/api/customer/add-credit-card-details' : '/api/customer/update-credit-card-details', { method: 'POST', body: { token } });
}

export function updateBankDetails(body: BankDetailsRequest): Promise<PaymentDetails> {
  return api<PaymentDetails>('/api/customer/update-bank-details', { method: 'POST', body });
}

export function removePaymentDetails(): Promise<Success> {
  return api<Success>('/api/customer/remove-payment-details', { method: 'DELETE' });
}

/** Each change answers the new details, which replace the cached ones. */
export function usePaymentDetailsMutations() {
  const queryClient = useQueryClient();
  const key = getPaymentDetailsQueryOptions().queryKey;
  const onSuccess = (data: PaymentDetails) => queryClient.setQueryData(key, data);
  return {
    saveCard: useMutation({ mutationFn: (v: { token: string; mode: 'add' | 'update' }) => saveCard(v.token, v.mode), onSuccess }),
    saveBank: useMutation({ mutationFn: updateBankDetails, onSuccess }),
    remove: useMutation({ mutationFn: removePaymentDetails, onSuccess: () => queryClient.invalidateQueries({ queryKey: key }) }),
  };
}
