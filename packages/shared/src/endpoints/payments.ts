import { defineEndpoint } from '../endpoint';
import { CARD_PAYMENT_ERRORS, type ErrorCode } from '../error-codes';
import { successSchema } from '../api-schemas';
import {
  bankDetailsRequestSchema,
  cartHoldsAnswerSchema,
  cartHoldsRequestSchema,
  cartRequestSchema,
  checkoutRequestSchema,
  customerCreditsAnswerSchema,
  paymentAnswerSchema,
  paymentDetailsSchema,
  quoteAnswerSchema,
  saveCardSchema,
  idempotencyKeyHeaderSchema,
} from '../payment-schemas';

const tags = ['payment'];
const billingTags = ['billing'];

/** What pricing a cart refuses with: its invoices, its classes and its courts, each checked from the database. */
const pricingErrors: readonly ErrorCode[] = [
  'ALREADY_PAID',
  'NOT_PAYABLE',
  'CANNOT_PRICE',
  'NO_SESSIONS',
  'CASUAL_NOT_ALLOWED',
  'PICK_DATES',
  'DATE_NOT_OFFERED',
  'ALREADY_ENROLLED',
  'CLASS_FULL',
  'BOOKING_NOT_BOOKABLE',
  'BOOKING_OUTSIDE_WINDOW',
  'BOOKING_UNKNOWN_COURT',
  'BOOKING_NOT_ON_GRID',
  'BOOKING_IN_PAST',
];

/** The cart's quote, the customer's credits and the checkout (decision 024); the card or bank account kept on file (K14–K19). */
export const paymentEndpoints = {
  quote: defineEndpoint({
    method: 'POST',
    path: '/api/payment/quote',
    auth: 'customer',
    body: cartRequestSchema,
    response: quoteAnswerSchema,
    errors: pricingErrors,
    tags,
    description: 'Prices the cart: rows, totals and payment breakdown.',
  }),
  cartHolds: defineEndpoint({
    method: 'PUT',
    path: '/api/payment/cart-holds',
    auth: 'customer',
    body: cartHoldsRequestSchema,
    response: cartHoldsAnswerSchema,
    tags,
    description:
      "Holds a place for each class and court of the cart for the company's hold period (CheckoutHoldMinutes, HoldMinutes) and gives back the cart's holds it no longer names; a hold keeps its time when asked again. Checkout takes the holds over.",
  }),
  cartHoldsNow: defineEndpoint({ method: 'GET', path: '/api/payment/cart-holds', auth: 'customer', response: cartHoldsAnswerSchema, tags, description: 'The places and courts the cart holds now.' }),
  credits: defineEndpoint({ method: 'GET', path: '/api/payment/get-customer-credits', auth: 'customer', response: customerCreditsAnswerSchema, tags }),
  checkout: defineEndpoint({
    method: 'POST',
    path: '/api/payment/checkout',
    auth: 'customer',
    body: checkoutRequestSchema,
    headers: idempotencyKeyHeaderSchema,
    response: paymentAnswerSchema,
    errors: [
      ...pricingErrors,
      'IDEMPOTENCY_MISMATCH',
      ...CARD_PAYMENT_ERRORS,
      'PAYMENTS_OFF',
      'DIRECT_DEBIT_OFF',
      'INVOICES_BY_CARD',
      'NO_BANK_DETAILS',
      'EMPTY_CART',
      'CREDIT_USED',
      'NO_SAVED_CARD',
      'BOOKING_TAKEN',
      'CONFLICT',
      'payment_abandoned',
    ],
    tags,
    description:
      'Pays for the cart (classes, bookings and invoices); one payment per Idempotency-Key, a header of 16 to 100 letters, digits, "-" or "_". A declined card answers 402, an unconfirmed charge 502.',
  }),
  paymentDetails: defineEndpoint({
    method: 'GET',
    path: '/api/customer/get-payment-details',
    auth: 'customer',
    switches: ['ShowPaymentDetailsTab'],
    response: paymentDetailsSchema,
    tags: billingTags,
  }),
  addCard: defineEndpoint({
    method: 'POST',
    path: '/api/customer/add-credit-card-details',
    auth: 'customer',
    switches: ['ShowPaymentDetailsTab'],
    body: saveCardSchema,
    response: paymentDetailsSchema,
    errors: ['CARD_TOKEN_INVALID', 'PAYMENTS_OFF'],
    tags: billingTags,
  }),
  updateCard: defineEndpoint({
    method: 'POST',
    path: '/api/customer/update-credit-card-details',
    auth: 'customer',
    switches: ['ShowPaymentDetailsTab'],
    body: saveCardSchema,
    response: paymentDetailsSchema,
    errors: ['CARD_TOKEN_INVALID', 'PAYMENTS_OFF'],
    tags: billingTags,
  }),
  updateBankDetails: defineEndpoint({
    method: 'POST',
    path: '/api/customer/update-bank-details',
    auth: 'customer',
    switches: ['ShowPaymentDetailsTab'],
    body: bankDetailsRequestSchema,
    response: paymentDetailsSchema,
    errors: ['PAYMENTS_OFF'],
    tags: billingTags,
    description: "The account is checked again against the company's bank format (AU, UK or US).",
  }),
  removePaymentDetails: defineEndpoint({
    method: 'DELETE',
    path: '/api/customer/remove-payment-details',
    auth: 'customer',
    switches: ['ShowPaymentDetailsTab'],
    response: successSchema,
    tags: billingTags,
  }),
};
