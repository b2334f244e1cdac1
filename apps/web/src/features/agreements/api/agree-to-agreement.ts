import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AgreeToAgreementAnswer, AgreeToAgreementInput } from '@portal/shared/agreement-schemas';
import { call } from '@/lib/call';
import { agreementEndpoints } from '@portal/shared/endpoints/agreements';
import { activeAgreementsQueryOptions } from './get-active-agreements';
import { signedAgreementQueryOptions } from './get-signed-agreement';

/** K22, R9: `{ agreement_id, signature }`, the signature as the pad's PNG data URL. */
export function agreeToAgreement(input: AgreeToAgreementInput): Promise<AgreeToAgreementAnswer> {
  return call(agreementEndpoints.agree, { body: input });
}

export function useAgreeToAgreement() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: agreeToAgreement,
    onSuccess: (_answer, input) => {
      void queryClient.invalidateQueries({ queryKey: activeAgreementsQueryOptions.queryKey });
      queryClient.removeQueries({ queryKey: signedAgreementQueryOptions(input.agreement_id).queryKey });
    },
  });
}
