import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SignedAgreementAnswer } from '@portal/shared/agreement-schemas';
import { api } from '@/lib/api-client';
import { activeAgreementsQueryOptions } from './get-active-agreements';

/** K20: an agreement the customer accepted, with the words, signature and date of that acceptance. */
export function getSignedAgreement(id: number): Promise<SignedAgreementAnswer> {
  return api<SignedAgreementAnswer>(`/api/customer/get-signed-agreement/${id}`);
}

export const signedAgreementQueryOptions = (id: number) => queryOptions({ queryKey: [...activeAgreementsQueryOptions.queryKey, id, 'signed'], queryFn: () => getSignedAgreement(id) });

export function useSignedAgreement(id: number, enabled = true) {
  return useQuery({ ...signedAgreementQueryOptions(id), enabled });
}
