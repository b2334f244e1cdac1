import { call } from '@/lib/call';
import { companyEndpoints } from '@portal/shared/endpoints/company';

export function loginByCode(companyCode: string) {
  return call(companyEndpoints.loginByCode, { body: { company_code: companyCode } });
}
