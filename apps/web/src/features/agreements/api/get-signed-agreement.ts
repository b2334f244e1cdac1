import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SignedAgreementAnswer } from '@portal/shared/agreement-schemas';
import { call } from '@/lib/call';
import { agreementEndpoints } from '@portal/shared/endpoints/agreements';
import { activeAgreementsQueryOptions } from './get-active-agreements';

/** K20: an agreement the customer accepted, with the words, signature and date of that acceptance. */
export function getSignedAgreement(id: number): Promise<SignedAgreementAnswer> {
  return call(agreementEndpoints.signed, { params: { id } });
}

export const signedAgreementQueryOptions = (id: number) => queryOptions({ queryKey: [...activeAgreementsQueryOptions.queryKey, id, 'signed'], queryFn: () => getSignedAgreement(id) });

export function useSignedAgreement(id: number, enabled = true) {
  return useQuery({ ...signedAgreementQueryOptions(id), enabled });
}
