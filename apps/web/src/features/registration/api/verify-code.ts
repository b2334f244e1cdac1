import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import type { VerifyCodeAnswer, verifyCodeRequestSchema } from '@portal/shared/registration-schemas';
import { api } from '@/lib/api-client';

export type VerifyCodeRequest = z.input<typeof verifyCodeRequestSchema>;

/** R58: proves the address with the mailed code, under the registration profile. */
export function verifyCode(body: VerifyCodeRequest): Promise<VerifyCodeAnswer> {
  return api<VerifyCodeAnswer>('/api/ocr/verify-code', { method: 'POST', body });
}

export function useVerifyCode() {
  return useMutation({ mutationFn: verifyCode });
}
