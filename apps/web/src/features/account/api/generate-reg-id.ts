import type { GenerateRegIdAnswer } from '@portal/shared/my-details-schemas';
import { api } from '@/lib/api-client';

/** K10: a new registration id for a customer who has none (R20). */
export async function generateRegId(): Promise<string> {
  return (await api<GenerateRegIdAnswer>('/api/customer/generate-reg-id', { query: { type: 'customer' } })).reg_id;
}
