import { z } from 'zod';

/** GET /api/dev/outbox (development only): the last messages as sent, newest last. */
export const devOutboxAnswerSchema = z.object({ mails: z.array(z.object({ to: z.string(), subject: z.string(), text: z.string(), createdAt: z.string() })) });
export type DevOutboxAnswer = z.infer<typeof devOutboxAnswerSchema>;
