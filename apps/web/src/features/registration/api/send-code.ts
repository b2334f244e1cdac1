import { useMutation } from '@tanstack/react-query';
import type { SendCodeAnswer } from '@portal/shared/registration-schemas';
import { api } from '@/lib/api-client';

/** R57: mails a 6-digit code to the address; the answer's token names the registration from now on. */
export function sendCode(email: string): Promise<SendCodeAnswer> {
  return api<SendCodeAnswer>('/api/ocr/send-code', { method: 'POST', body: { email } });
}

export function useSendCode() {
  return useMutation({ mutationFn: sendCode });
}
