import { useMutation } from '@tanstack/react-query';
import type { CompanyListEntry } from '@portal/shared/api-types';
import { api } from '@/lib/api-client';

export function loginByCode(companyCode: string): Promise<{ success: true; company: CompanyListEntry }> {
  return api('/api/company/login-by-code', { body: { company_code: companyCode } });
}

export function useLoginByCode() {
  return useMutation({ mutationFn: loginByCode });
}
