import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import type { contactUsSchema } from '@portal/shared/contact-schemas';
import { call } from '@/lib/call';
import { contactEndpoints } from '@portal/shared/endpoints/contact';

export type ContactMessage = z.input<typeof contactUsSchema>;

export function sendContactMessage(message: ContactMessage) {
  return call(contactEndpoints.send, { body: message });
}

export function useSendContactMessage() {
  return useMutation({ mutationFn: sendContactMessage });
}
