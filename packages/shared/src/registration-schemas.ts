import { z } from 'zod';
import { signatureField } from './agreement-schemas.ts';
import { codeField, emailField } from './auth-schemas.ts';
import { captchaTokenField, contactMessages } from './contact-schemas.ts';
import { idField } from './api-schemas.ts';
import { customerUserSchema, signInActionSchema } from './customer-schemas.ts';
import { BANK_FORMATS, classChoiceFields, cardTokenField, gatewayTokenRequestSchema, paymentAnswerSchema, quoteAnswerSchema } from './payment-schemas.ts';
import { PROFILE_PAYMENT_OPTIONS } from './company-config.ts';
import { MAX } from './form-engine/value-rules.ts';

/**
 * The online registration's (OCR's) checks before its one submission (N22, N29, R57–R60): the
 * new family proves its e-mail address with a mailed 6-digit code, and a visitor of a profile
 * with ShowCAPTCHA solves a challenge. Both are kept against the registration token that
 * send-code answers, which the browser carries to the submission (decision 047).
 */
export const registrationMessages = {
  codeSent: (email: string) => `We have sent a 6-digit code to ${email}.`,
  signAgain: (agreement: string) => `Please sign ${agreement} again: a signature is not kept when the page reloads or you leave this step.`,
  codeSentAgain: (email: string) => `We have sent a new code to ${email}. The code in an earlier e-mail still works.`,
  codeInvalid: 'The code is incorrect or has expired',
  codeTooManyTries: 'Too many incorrect codes. Please ask for a new code.',
  captchaRequired: contactMessages.captchaRequired,
  captchaFailed: contactMessages.captchaFailed,
  registrationClosed: 'Online registration is not available',
  /** A profile whose opening time is still ahead; `when` in the company's date style and time zone. */
  notOpenYet: (when: string) => `Registration opens on ${when}.`,
  existingClient: 'This email address already has an account. Please sign in.',
  registrationExpired: 'This registration has expired. Please verify your email address again.',
  selectOption: 'Please select an option',
  alreadySubmitted: 'This registration has already been submitted. Please sign in.',
  differentSubmission: 'This registration was already submitted with different details. Please start again.',
  studentsRequired: (term: string) => `Please add at least one ${term.toLowerCase()}`,
  noStudentsTaken: (term: string) => `This registration does not take ${term.toLowerCase()}s`,
  nothingToPay: 'There is nothing to pay in this registration',
  noClassesTaken: 'This registration does not take classes',
  classesRequired: 'Please add at least one class',
  studentWithoutClass: (term: string) => `Every ${term.toLowerCase()} needs a class`,
  unknownStudent: (term: string) => `This class is for a ${term.toLowerCase()} who is not in the registration`,
  paymentOptionNotOffered: 'This payment option is not available',
  cardRequired: 'Please enter your card details',
  bankRequired: 'Please enter your bank details',
  cardExpired: 'Your card details have expired. Please enter your card again.',
  welcomeSubject: (company: string) => `Welcome to ${company}`,
  /** N18: an existing family's students are managed in the Customer Hub, not here (D2 §6, in its words). */
  existingStudents: (company: string) => `please contact ${company} or add a student via the Customer Hub`,
  duplicateClass: (term: string) => `This class is chosen twice for the same ${term.toLowerCase()}`,
} as const;

/** A registration token as send-code answers it. */
export const registrationTokenField = z.string().min(10).max(200);

/** POST /api/ocr/send-code: mails a code to the address and answers the registration token. */
export const sendCodeRequestSchema = z.object({ email: emailField });
export const sendCodeAnswerSchema = z.object({ success: z.literal(true), token: z.string(), message: z.string() });
export type SendCodeAnswer = z.infer<typeof sendCodeAnswerSchema>;

/** POST /api/ocr/verify-code: the code mailed for the token, under the registration profile. */
/**
 * `earlier_tokens`: the tokens of the codes mailed before `token` on this page (newest last, at
 * most four), whose codes verify too: mail is slow, and a family may type the first e-mail's code.
 */
export const verifyCodeRequestSchema = z.object({ token: registrationTokenField, earlier_tokens: z.array(registrationTokenField).max(4).optional(), code: codeField, profile: idField });
export const verifyCodeAnswerSchema = z.object({ success: z.literal(true), verified: z.literal(true), email: z.string() });
export type VerifyCodeAnswer = z.infer<typeof verifyCodeAnswerSchema>;

/** POST /api/ocr/confirm-email: whether the address already signs in at this company (R60). */
export const confirmEmailRequestSchema = z.object({ email: emailField });
export const confirmEmailAnswerSchema = z.object({ success: z.literal(true), existing_client: z.boolean() });
export type ConfirmEmailAnswer = z.infer<typeof confirmEmailAnswerSchema>;

/** The header that names the registration (the token verify-code opened it under): its session, held by the tab. */
export const REGISTRATION_TOKEN_HEADER = 'x-registration-token';
export const registrationSessionHeaderSchema = z.looseObject({ [REGISTRATION_TOKEN_HEADER]: registrationTokenField.optional() });

/**
 * POST /api/ocr/verify-captcha `{ token }` (R59, R69): `token` is the solved challenge (the base64
 * JSON ALTCHA's widget hands over). The registration the mark is kept for is the one of the
 * registration's session, the X-Registration-Token header (decision 068); older portals sent it
 * as `registration_token` in the body, still taken. Truthy `verified` on success; a refused
 * solution answers false.
 */
export const verifyCaptchaRequestSchema = z.object({ token: captchaTokenField, registration_token: registrationTokenField.optional() });
export const verifyCaptchaAnswerSchema = z.object({ success: z.literal(true), verified: z.boolean() });
export type VerifyCaptchaAnswer = z.infer<typeof verifyCaptchaAnswerSchema>;

/** One agreement as the agreements page sends it (N30): agreed or not, and the drawn signature where asked. */
export const registrationAgreementSchema = z.object({
  agreementID: idField,
  agreed: z.boolean(),
  signature: signatureField.nullish(),
});

/**
 * A class chosen on the class step (N5 addClasses) for one of the registration's students, named
 * by its place in `students` (0-based): they have no ids until the submission writes them. A full
 * class can be joined as a waitlist place instead, which costs nothing.
 */
export const registrationClassSchema = z.object({
  student: z.number().int().min(0).max(9),
  /** ClassID; casual: the one date chosen (the profile must AllowCasualEnrolments), otherwise the term from the next session; dates. */
  ...classChoiceFields,
  waitlist: z.boolean().default(false),
});
export type RegistrationClass = z.input<typeof registrationClassSchema>;

/** The payment options a profile can offer (T24); the company's payment setup must offer them too. */
export const REGISTRATION_PAYMENT_OPTIONS = PROFILE_PAYMENT_OPTIONS;
export type RegistrationPaymentOption = (typeof REGISTRATION_PAYMENT_OPTIONS)[number];

/**
 * POST /api/ocr/quote: what the classes chosen cost, priced by the checkout's pricing engine for a
 * family that does not exist yet (no sibling, credit or code applies to it). Waitlist places are
 * not priced.
 */
export const registrationQuoteRequestSchema = z.object({
  profile: idField,
  classes: z.array(registrationClassSchema).max(30),
  direct_debit_payment: z.boolean().default(false),
  /** The children's names as entered so far, by `student` index: each class line names its child (first and last name, each up to the form's 100). */
  students: z
    .array(
      z
        .string()
        .trim()
        .max(2 * MAX.name + 1),
    )
    .max(30)
    .optional(),
  /** The children's dates of birth as entered so far (null where none is), by `student` index: a class outside a child's ages is refused before its place is held (decision 118). */
  dates_of_birth: z
    .array(
      z
        .string()
        .regex(/^\d{4}-\d{2}-\d{2}$/, 'Expected a date yyyy-MM-dd')
        .nullable(),
    )
    .max(30)
    .optional(),
});
export const registrationQuoteAnswerSchema = quoteAnswerSchema.extend({
  /** The options this profile offers, as far as the company's payment setup allows (N27). */
  paymentOptions: z.array(z.enum(REGISTRATION_PAYMENT_OPTIONS)),
  /** The bank-code format the direct-debit form asks for. */
  bankFormat: z.enum(BANK_FORMATS),
  /** How direct debit is set up: the bank form here, GoCardless's pages once registered (decision 104), or the family's own on file already. */
  directDebitBy: z.enum(['form', 'gocardless', 'on_file']).optional(),
  /**
   * A new family's places held while it pays (decision 109), one per place: asked with the
   * registration's token, the quote holds each class chosen for the company's hold period.
   */
  holds: z.array(z.object({ ClassID: z.number(), heldUntil: z.string() })).optional(),
});
export type RegistrationQuoteAnswer = z.infer<typeof registrationQuoteAnswerSchema>;

/** The simulated gateway's tokenisation for a registration: the token belongs to it until the submission hands it to the new family. */
export const registrationCardTokenRequestSchema = gatewayTokenRequestSchema.extend({ registration_token: registrationTokenField });

/** POST /api/ocr/card: the payment method Stripe.js made for the registration's card (decision 103), kept as its card. */
export const registrationCardRequestSchema = z.object({ payment_method: z.string().regex(/^pm_[A-Za-z0-9]{8,64}$/, 'Invalid card') });

/** The most agreements one registration signs; its body limit allows a signature for each. */
export const REGISTRATION_MAX_AGREEMENTS = 10;

/**
 * POST /api/ocr/register (U8), with an Idempotency-Key header: the whole registration at once.
 * `customer` and each of `students` are the profile's forms (GET /api/customer/get-form-fields?id=
 * and /api/student/get-form-fields?id=), checked by the same form engine as the hub's; the e-mail
 * address is the one the registration proved. `marketing_opt_in` answers the profile's
 * EmailMarketingAgreement question, and is null when the profile asks none.
 */
export const registrationSubmissionSchema = z.strictObject({
  registration_token: registrationTokenField,
  profile: idField,
  customer: z.record(z.string(), z.unknown()),
  students: z.array(z.record(z.string(), z.unknown())).max(10),
  agreements: z.array(registrationAgreementSchema).max(REGISTRATION_MAX_AGREEMENTS),
  marketing_opt_in: z.boolean().nullable(),
  direct_debit_payment: z.boolean().default(false),
  /** The class step's choices (SelectClasses profiles); empty on a NoClasses profile. */
  classes: z.array(registrationClassSchema).max(30).default([]),
  /** The card, tokenised for this registration at the gateway, when paying by card. */
  cardToken: cardTokenField.optional(),
  /** Bank details for direct debit (the company's bank format: AccountName, BankCode, AccountNumber). */
  bank: z.record(z.string(), z.unknown()).optional(),
});
export type RegistrationSubmission = z.input<typeof registrationSubmissionSchema>;

/**
 * The submission's answer. Completed: the family is signed in (`user`, `actions`) and `payment`
 * is what it paid, or null when nothing was owed. A card that asks for a challenge step answers
 * `payment.status` "requires_action" and signs nobody in: the browser completes the challenge
 * at the gateway and sends the same submission again under the same key.
 */
export const registrationAnswerSchema = z.object({
  success: z.literal(true),
  payment: paymentAnswerSchema.nullable(),
  actions: z.array(signInActionSchema).optional(),
  user: customerUserSchema.optional(),
  server_redirect: z.string().optional(),
});
export type RegistrationAnswer = z.infer<typeof registrationAnswerSchema>;

/**
 * A class chosen by a family that already has an account (N12, R49): for one of its own students,
 * named by StudentID. A full class can be joined as a waitlist place instead.
 */
export const ocrClassChoiceSchema = z.object({
  StudentID: idField,
  ...classChoiceFields,
  waitlist: z.boolean().default(false),
});
export type OcrClassChoice = z.input<typeof ocrClassChoiceSchema>;

/** POST /api/classes/ocr-class-quote: what the classes chosen cost this family (its siblings and credits priced as the hub's cart prices them). */
export const ocrClassQuoteRequestSchema = z.object({
  profile: idField,
  classes: z.array(ocrClassChoiceSchema).max(30),
  direct_debit_payment: z.boolean().default(false),
});

/**
 * POST /api/classes/ocr-class (F16, R49, decision 060), with an Idempotency-Key header: an
 * existing family's class registration through a registration link. `classes` are for the
 * family's own students (at least one class overall, N15); `agreements` answer the profile's
 * agreements not yet signed in their current version; the payment goes through the checkout as
 * the new family's does: a card tokenised for the signed-in client or the one it keeps on file, or direct debit from `bank`
 * (kept as the family's bank details) or from the bank details on file.
 */
export const ocrClassRequestSchema = z.strictObject({
  profile: idField,
  classes: z.array(ocrClassChoiceSchema).max(30),
  agreements: z.array(registrationAgreementSchema).max(REGISTRATION_MAX_AGREEMENTS).default([]),
  direct_debit_payment: z.boolean().default(false),
  cardToken: cardTokenField.optional(),
  /** Pay with the card the family keeps on file (K14) instead of a new one. */
  useSavedCard: z.boolean().default(false),
  bank: z.record(z.string(), z.unknown()).optional(),
});
export type OcrClassRequest = z.input<typeof ocrClassRequestSchema>;

/** The answer: what was paid (null when nothing was: waitlist places only); a challenge step answers payment.status "requires_action". */
export const ocrClassAnswerSchema = z.object({
  success: z.literal(true),
  payment: paymentAnswerSchema.nullable(),
});
export type OcrClassAnswer = z.infer<typeof ocrClassAnswerSchema>;
