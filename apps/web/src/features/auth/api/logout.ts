import type { Success } from '@portal/shared/api-schemas';
import { api } from '@/lib/api-client';

export function logoutCustomer(): Promise<Success> {
  return api('/api/customer/logout', { method: 'POST' });
}
