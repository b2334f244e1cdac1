import { useMutation } from '@tanstack/react-query';
import type { CompanyAnswer } from '@portal/shared/company-schemas';
import { api } from '@/lib/api-client';

export function loginByCode(companyCode: string): Promise<CompanyAnswer> {
  return api('/api/company/login-by-code', { body: { company_code: companyCode } });
}

export function useLoginByCode() {
  return useMutation({ mutationFn: loginByCode });
}
