import { vi } from 'vitest';

/**
 * Stripe.js as the portal drives it (decision 103), for component tests: `loadStripe` answers an
 * object that records each call the portal makes of it, as Stripe.js would be called in a browser.
 * A test file mocks `@stripe/stripe-js/pure` with `stripeJsModule` and reads `stripeJs.calls`.
 */
const calls: { method: string; args: unknown[] }[] = [];
const record =
  <T>(method: string, answer: (...args: unknown[]) => T) =>
  (...args: unknown[]) => {
    calls.push({ method, args });
    return answer(...args);
  };

/** The Payment Element: mounted into its node (a stand-in for Stripe's frame), ready a moment later. */
function element() {
  const handlers = new Map<string, (event: unknown) => void>();
  return {
    mount: record('element.mount', (node: unknown) => {
      (node as HTMLElement).append(Object.assign(document.createElement('div'), { title: 'Secure card payment input frame' }));
      setTimeout(() => handlers.get('ready')?.({ elementType: 'payment' }), 0);
    }),
    on: (event: string, handler: (e: unknown) => void) => handlers.set(event, handler),
    off: (event: string) => handlers.delete(event),
    update: record('element.update', () => undefined),
    destroy: record('element.destroy', () => undefined),
  };
}

const elements = {
  create: record('elements.create', () => element()),
  submit: record('elements.submit', () => Promise.resolve({})),
  update: record('elements.update', () => undefined),
  getElement: () => null,
};

const stripe = {
  elements: record('stripe.elements', () => elements),
  createPaymentMethod: record('stripe.createPaymentMethod', () => Promise.resolve({ paymentMethod: { id: 'pm_fromStripeJs01' } })),
  handleNextAction: record('stripe.handleNextAction', () => Promise.resolve({ paymentIntent: { status: 'succeeded' } })),
  createToken: () => Promise.resolve({}),
  confirmCardPayment: () => Promise.resolve({}),
};

const loadStripe = vi.fn((key: string) => {
  calls.push({ method: 'loadStripe', args: [key] });
  return Promise.resolve(stripe);
});

export const stripeJs = {
  calls,
  loadStripe,
  elements,
  /** The payment method `createPaymentMethod` answers. */
  paymentMethod: 'pm_fromStripeJs01',
  reset() {
    calls.length = 0;
    loadStripe.mockClear();
  },
  /** The methods called, in order, of those named. */
  called: (...methods: string[]) => calls.map((c) => c.method).filter((m) => methods.includes(m)),
  argsOf: (method: string) => calls.find((c) => c.method === method)?.args,
};

export const stripeJsModule = { loadStripe };
