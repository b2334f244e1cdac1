import type { SignInAction } from '@portal/shared/customer-schemas';
import { call } from '@/lib/call';
import { accountEndpoints } from '@portal/shared/endpoints/accounts';

/**
 * N35, L13: an existing client who signs in during online registration: the server queues what
 * the registration profile's forms still need from them, and answers the whole queue.
 */
export async function ocrSignInActions(body: { client_id: number; profile_id: number | null }): Promise<SignInAction[]> {
  const answer = await call(accountEndpoints.ocrSignInActions, { body: { ...body, from_ocr: true } });
  return answer.actions;
}
