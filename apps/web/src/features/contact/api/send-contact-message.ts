import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import type { contactUsAnswerSchema, contactUsSchema } from '@portal/shared/contact-schemas';
import { api } from '@/lib/api-client';

export type ContactMessage = z.input<typeof contactUsSchema>;
type ContactUsAnswer = z.infer<typeof contactUsAnswerSchema>;

export function sendContactMessage(message: ContactMessage): Promise<ContactUsAnswer> {
  return api<ContactUsAnswer>('/api/company/contact-us', { method: 'POST', body: message });
}

export function useSendContactMessage() {
  return useMutation({ mutationFn: sendContactMessage });
}
