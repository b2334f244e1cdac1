import { gatewayTokenAnswerSchema, idempotencyKeyHeaderSchema } from '../payment-schemas';
import { defineEndpoint } from '../endpoint';
import { CARD_PAYMENT_ERRORS, type ErrorCode } from '../error-codes';
import {
  confirmEmailAnswerSchema,
  confirmEmailRequestSchema,
  registrationCardRequestSchema,
  registrationAnswerSchema,
  registrationQuoteAnswerSchema,
  registrationQuoteRequestSchema,
  registrationSessionHeaderSchema,
  registrationSubmissionSchema,
  sendCodeAnswerSchema,
  sendCodeRequestSchema,
  verifyCaptchaAnswerSchema,
  verifyCaptchaRequestSchema,
  verifyCodeAnswerSchema,
  verifyCodeRequestSchema,
} from '../registration-schemas';
import { waitingRoomAnswerSchema, waitingRoomParamsSchema } from '../waiting-room-schemas';

/**
 * The online registration (N22, N29, R57–R60; decisions 047, 049): open to any visitor of the
 * company's portal while the company takes online registrations (AllowOCR and CanTakeNewSignUps;
 * refused 403 REGISTRATION_CLOSED, one refusal for both switches, so checked by the flow).
 */
const tags = ['registration'];

/** The refusals of the class step's choices, priced or enrolled. */
const classChoices: ErrorCode[] = ['NO_CLASSES_TAKEN', 'NO_SESSIONS', 'CASUAL_NOT_ALLOWED', 'PICK_DATES', 'DATE_NOT_OFFERED', 'CLASS_FULL', 'CANNOT_PRICE', 'DUPLICATE_CLASS', 'CLASS_NOT_OFFERED'];
/** The checkout's refusals and the card processor's declines (402). */
const payment: ErrorCode[] = ['PAYMENTS_OFF', 'DIRECT_DEBIT_OFF', ...CARD_PAYMENT_ERRORS];

export const registrationEndpoints = {
  waitingRoom: defineEndpoint({
    method: 'GET',
    path: '/api/ocr/waiting-room/:profile',
    auth: 'company',
    params: waitingRoomParamsSchema,
    response: waitingRoomAnswerSchema,
    tags,
    description: "The waiting room of a profile with an opening (decision 099) and this browser's place in it: its position and estimated wait, or its turn and when the turn ends.",
  }),
  joinWaitingRoom: defineEndpoint({
    method: 'POST',
    path: '/api/ocr/waiting-room/:profile',
    auth: 'company',
    params: waitingRoomParamsSchema,
    response: waitingRoomAnswerSchema,
    errors: ['REGISTRATION_CLOSED', 'REGISTRATION_NOT_OPEN', 'QUEUE_ADDRESS_FULL'],
    tags,
    description:
      'Joins the waiting room (from the company’s window before the opening): a browser keeps one place, in a cookie, across reloads. Early arrivals are put in a random order at the opening, later ones in arrival order.',
  }),
  leaveWaitingRoom: defineEndpoint({
    method: 'DELETE',
    path: '/api/ocr/waiting-room/:profile',
    auth: 'company',
    params: waitingRoomParamsSchema,
    response: waitingRoomAnswerSchema,
    tags,
    description: "Gives up this browser's place or turn, letting the next family in.",
  }),
  confirmEmail: defineEndpoint({
    method: 'POST',
    path: '/api/ocr/confirm-email',
    auth: 'company',
    body: confirmEmailRequestSchema,
    response: confirmEmailAnswerSchema,
    errors: ['REGISTRATION_CLOSED'],
    tags,
    description: 'R60: whether the address already signs in at this company (such a visitor signs in instead).',
  }),
  sendCode: defineEndpoint({
    method: 'POST',
    path: '/api/ocr/send-code',
    auth: 'company',
    body: sendCodeRequestSchema,
    response: sendCodeAnswerSchema,
    errors: ['REGISTRATION_CLOSED'],
    tags,
    description: 'R57: mails a 6-digit code to the address and answers the token that names the registration from then on.',
  }),
  verifyCode: defineEndpoint({
    method: 'POST',
    path: '/api/ocr/verify-code',
    auth: 'company',
    body: verifyCodeRequestSchema,
    response: verifyCodeAnswerSchema,
    errors: ['REGISTRATION_CLOSED', 'REGISTRATION_NOT_OPEN', 'QUEUE_TURN_REQUIRED', 'CODE_INVALID', 'CODE_TOO_MANY_TRIES', 'EXISTING_CLIENT'],
    tags,
    description: 'R58: proves the address with the mailed code and opens the registration under the profile.',
  }),
  verifyCaptcha: defineEndpoint({
    method: 'POST',
    path: '/api/ocr/verify-captcha',
    auth: 'company',
    body: verifyCaptchaRequestSchema,
    headers: registrationSessionHeaderSchema,
    response: verifyCaptchaAnswerSchema,
    errors: ['REGISTRATION_CLOSED', 'REGISTRATION_EXPIRED'],
    tags,
    description:
      "R59: `{ token }`, the solved challenge; marks the registration of the X-Registration-Token header (or of an older body's `registration_token`) as having passed the captcha; `verified` false when the solution was refused.",
  }),
  quote: defineEndpoint({
    method: 'POST',
    path: '/api/ocr/quote',
    auth: 'company',
    body: registrationQuoteRequestSchema,
    headers: registrationSessionHeaderSchema,
    response: registrationQuoteAnswerSchema,
    errors: ['REGISTRATION_CLOSED', 'REGISTRATION_NOT_OPEN', 'QUEUE_TURN_REQUIRED', ...classChoices],
    tags,
    description:
      "Prices the classes chosen on the class step for a new family, with the payment options of the profile. With the X-Registration-Token header of a registration under this profile (that has passed its captcha, where the profile shows one), holds a place in each class chosen for the company's hold period (CheckoutHoldMinutes, decision 109); asking again keeps each hold's time, and the submission hands the places to the new students.",
  }),
  card: defineEndpoint({
    method: 'POST',
    path: '/api/ocr/card',
    auth: 'company',
    body: registrationCardRequestSchema,
    headers: registrationSessionHeaderSchema,
    response: gatewayTokenAnswerSchema,
    errors: ['REGISTRATION_CLOSED', 'REGISTRATION_EXPIRED', 'PAYMENTS_OFF', 'CARD_TOKEN_INVALID'],
    tags,
    description:
      "Decision 103: where the company's processor is Stripe, the payment method Stripe.js made from the card (no customer's yet) becomes the card of the registration named by the X-Registration-Token header; the submission then pays with it.",
  }),
  register: defineEndpoint({
    method: 'POST',
    path: '/api/ocr/register',
    auth: 'company',
    body: registrationSubmissionSchema,
    headers: idempotencyKeyHeaderSchema,
    response: registrationAnswerSchema,
    errors: [
      'REGISTRATION_CLOSED',
      'REGISTRATION_NOT_OPEN',
      'QUEUE_TURN_REQUIRED',
      'REGISTRATION_EXPIRED',
      'CAPTCHA_REQUIRED',
      'ALREADY_SUBMITTED',
      'IDEMPOTENCY_MISMATCH',
      'EXISTING_CLIENT',
      'REG_ID_LOCKED',
      'NO_STUDENTS_TAKEN',
      'STUDENT_WITHOUT_CLASS',
      'UNKNOWN_STUDENT',
      'NOTHING_TO_PAY',
      'PAYMENT_OPTION',
      'AGREEMENT_NOT_FOUND',
      'AGREEMENT_REQUIRED',
      'SIGNATURE_REQUIRED',
      'ALREADY_WAITING',
      'NOT_FULL',
      ...classChoices,
      ...payment,
    ],
    tags,
    description:
      'U8: submits the whole registration once, under an Idempotency-Key header (16 to 100 letters, digits, "-" or "_"): the family, its sign-in, students, agreements, marketing answer, waitlist places, and its classes paid through the checkout. Completed, the new family is signed in; a card that asks for a challenge step answers payment.status "requires_action" and the same submission is sent again once it is decided.',
  }),
};
