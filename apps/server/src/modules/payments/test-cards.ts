/** The simulated gateway's test cards (README "Test cards"): any expiry in the future, any CVC. */
export type CardBehaviour = 'success' | 'decline' | 'insufficient_funds' | 'expired' | 'network_after_charge' | 'challenge';

export const TEST_CARDS: readonly { number: string; behaviour: CardBehaviour; what: string }[] = [
  { number: '4242424242424242', behaviour: 'success', what: 'Visa: the payment succeeds' },
  { number: '5555555555554444', behaviour: 'success', what: 'Mastercard: the payment succeeds' },
  { number: '4000000000000002', behaviour: 'decline', what: 'declined: "Your card was declined."' },
  { number: '4000000000009995', behaviour: 'insufficient_funds', what: 'declined: "Your card has insufficient funds."' },
  { number: '4000000000000069', behaviour: 'expired', what: 'declined: "Your card has expired."' },
  { number: '4000000000000259', behaviour: 'network_after_charge', what: 'charged, but the answer is lost on the way back; a retry with the same key completes the order' },
  { number: '4000000000003220', behaviour: 'challenge', what: 'asks for a challenge step (approve or fail) before it goes through' },
];

/** A test card's behaviour; null for any other number, which the simulator declines. */
export function behaviourOf(number: string): CardBehaviour | null {
  return TEST_CARDS.find((c) => c.number === number)?.behaviour ?? null;
}

/** Luhn check digit. */
export function passesLuhn(number: string): boolean {
  let sum = 0;
  for (let i = 0; i < number.length; i += 1) {
    let digit = Number(number[number.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

export function brandOf(number: string): string {
  if (/^4/.test(number)) return 'Visa';
  if (/^(5[1-5]|2(2[2-9]|[3-6]\d|7[01]|720))/.test(number)) return 'Mastercard';
  if (/^3[47]/.test(number)) return 'American Express';
  if (/^6(011|5)/.test(number)) return 'Discover';
  return 'Card';
}
