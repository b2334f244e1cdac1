import { describe, expect, it, vi } from 'vitest';
import { ApiRequestError } from './api-client';
import { sendPaymentAttempt } from './payment-attempt';

describe('sendPaymentAttempt', () => {
  it('asks again under the same attempt when no answer came, after 1 s and 2.5 s, and throws the third failure', async () => {
    vi.useFakeTimers();
    try {
      const send = vi.fn(() => Promise.reject(new TypeError('Failed to fetch')));
      const sent = sendPaymentAttempt(send).catch((e: unknown) => e);
      await vi.advanceTimersByTimeAsync(999);
      expect(send).toHaveBeenCalledTimes(1);
      await vi.advanceTimersByTimeAsync(1);
      expect(send).toHaveBeenCalledTimes(2);
      await vi.advanceTimersByTimeAsync(2_500);
      expect(send).toHaveBeenCalledTimes(3);
      expect(await sent).toBeInstanceOf(TypeError);
    } finally {
      vi.useRealTimers();
    }
  });

  it('answers the attempt once an answer comes', async () => {
    let calls = 0;
    const answer = await sendPaymentAttempt(() => (++calls === 1 ? Promise.reject(new ApiRequestError(409, { message: 'Still processing', code: 'PAYMENT_IN_PROGRESS' })) : Promise.resolve('paid')));
    expect([answer, calls]).toEqual(['paid', 2]);
  });

  it('a TypeError that is not a lost answer (a bug) and a refusal are thrown at once, never sent again', async () => {
    for (const failure of [new TypeError('body.map is not a function'), new ApiRequestError(402, { message: 'Your card was declined.', code: 'card_declined' })]) {
      const send = vi.fn(() => Promise.reject(failure));
      await expect(sendPaymentAttempt(send)).rejects.toBe(failure);
      expect(send).toHaveBeenCalledTimes(1);
    }
  });
});
