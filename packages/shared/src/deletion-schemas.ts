import { z } from 'zod';

/** Days after a family asks until its account is erased, unless the company confirms sooner (decision 097). */
export const DELETION_GRACE_DAYS = 30;

/** GET, POST and DELETE /api/customer/deletion-request: the family's request to delete its account. */
export const deletionRequestAnswerSchema = z.object({
  request: z
    .object({
      requestedAt: z.string(),
      /** When the account is erased at the latest. */
      eraseAfter: z.string(),
      confirmed: z.boolean(),
    })
    .nullable(),
  /** What erasure removes and what the company keeps by law, as the family reads it before asking. */
  erased: z.array(z.string()),
  kept: z.array(z.string()),
});
export type DeletionRequestAnswer = z.infer<typeof deletionRequestAnswerSchema>;

export const deletionMessages = {
  alreadyRequested: 'You have already asked for your account to be deleted.',
  nothingToWithdraw: 'There is no deletion request to withdraw.',
} as const;
