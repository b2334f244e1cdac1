import { z } from 'zod';

export const waitingRoomParamsSchema = z.object({ profile: z.coerce.number().int().positive() });

/**
 * GET, POST and DELETE /api/ocr/waiting-room/:profile (decision 099): the waiting room of a
 * profile with an opening, and this browser's place in it.
 */
export const waitingRoomAnswerSchema = z.object({
  /** False where the profile has no opening or no waiting room: the registration is open to all. */
  inForce: z.boolean(),
  opensAt: z.string().nullable(),
  /** From when a family can join (the opening less the company's window). */
  joinFrom: z.string().nullable(),
  /** The server's clock, so the page counts down on the server's time. */
  now: z.string(),
  /**
   * The places free now in the company's classes that still run (a place held in a cart or kept
   * for a waitlist offer is taken), for a family in the waiting room or the queue; null otherwise.
   * Counted at most a second ago: a guide, as the class search's places are.
   */
  placesLeft: z.number().int().nonnegative().nullable(),
  place: z
    .object({
      /**
       * early: joined before the opening, waiting for the draw; waiting: in the queue;
       * admitted: its turn, until `turnEndsAt`; used: the registration was made in the turn;
       * ended: the turn lapsed.
       */
      state: z.enum(['early', 'waiting', 'admitted', 'used', 'ended']),
      /** 1 for the next family in; null before the opening and once admitted. */
      position: z.number().int().positive().nullable(),
      /** Minutes until its turn, from the room's pace and the turns taken so far; null where not waiting. */
      estimatedWaitMinutes: z.number().int().nonnegative().nullable(),
      turnEndsAt: z.string().nullable(),
      /**
       * When to ask again (decision 108): every second for a family the next seconds or the next
       * turns to end would let in, every 5 s further back; every 30 s before the opening, and last
       * at a moment within 5 s after it; every minute in a turn.
       */
      pollAfterMs: z.number().int().positive(),
    })
    .nullable(),
});
export type WaitingRoomAnswer = z.infer<typeof waitingRoomAnswerSchema>;

export const waitingRoomMessages = {
  turnRequired: 'Please wait for your turn in the queue.',
  turnEnded: 'Your turn in the queue has ended. Please join the queue again.',
  otherEmail: 'This turn in the queue is for another e-mail address.',
  notYet: (when: string) => `The waiting room opens at ${when}.`,
  allFull: 'Every class is full at the moment. A place can come back if a family does not finish paying: stay in the queue to take it or to join a waitlist.',
  placesBack: 'A place is free again in the classes.',
} as const;
