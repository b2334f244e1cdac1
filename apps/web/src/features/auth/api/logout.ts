import { api } from '@/lib/api-client';

export function logoutCustomer(): Promise<{ success: boolean }> {
  return api('/api/customer/logout', { method: 'POST' });
}
