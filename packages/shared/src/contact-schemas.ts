import { z } from 'zod';
import { emailField } from './auth-schemas.ts';
import { messages } from './messages.ts';

/**
 * The captcha's two messages in the words of the widget shown (N29, S53, S54; decision 068): the
 * spec's reCAPTCHA texts where reCAPTCHA is the provider; neutral ones for ALTCHA's "I'm not a
 * robot", the widget this portal draws.
 */
const CAPTCHA_MESSAGES = {
  recaptcha: { captchaRequired: 'Please complete the reCAPTCHA verification', captchaFailed: 'reCAPTCHA verification failed' },
  altcha: { captchaRequired: 'Please complete the verification', captchaFailed: 'The verification failed. Please try again.' },
} as const;
/** The widget every captcha of the portal is (components/forms/captcha-check.tsx, decision 052). */
const CAPTCHA_WIDGET: keyof typeof CAPTCHA_MESSAGES = 'altcha';
const captchaMessages = CAPTCHA_MESSAGES[CAPTCHA_WIDGET];

/** Texts of the Contact Us form (the spec gives none, U15). */
export const contactMessages = {
  nameRequired: 'Name is required',
  subjectRequired: 'Subject is required',
  messageRequired: 'Message is required',
  singleLine: 'Please keep this to one line',
  ...captchaMessages,
  sent: 'Thank you. Your message has been sent.',
  unavailable: 'Messages cannot be sent from here yet. Please contact the office directly.',
} as const;

export const CONTACT_LIMITS = { name: 120, phone: 30, subject: 150, message: 5000 } as const;

/** No line breaks or control characters where the text goes into a mail header (name, subject). */
const singleLine = (text: z.ZodString) => text.regex(/^[^\p{Cc}]*$/u, contactMessages.singleLine);

/**
 * An ALTCHA challenge's parameters as the server signed them (decision 052): the browser derives
 * PBKDF2 keys from the nonce and a counter until one starts with `keyPrefix`. Every field the
 * signature covers is listed: a field left out here would be dropped from the answer and the
 * solved challenge would no longer match its signature.
 */
export const captchaChallengeParametersSchema = z.object({
  algorithm: z.string().max(20),
  nonce: z.string().max(64),
  salt: z.string().max(64),
  cost: z.number().int(),
  keyLength: z.number().int(),
  keyPrefix: z.string().max(128),
  keySignature: z.string().max(128),
  /** Seconds since the epoch. */
  expiresAt: z.number().int(),
});

/** GET /api/company/captcha-challenge: a challenge as the ALTCHA widget fetches it, signed for this company. */
export const captchaChallengeAnswerSchema = z.object({ success: z.literal(true), parameters: captchaChallengeParametersSchema, signature: z.string() });
export type CaptchaChallengeAnswer = z.infer<typeof captchaChallengeAnswerSchema>;

/** A solved challenge as the widget hands it to the form: base64 of its JSON (the challenge, the counter found and its key). */
export const captchaTokenField = z.string().min(1).max(4_000);

/** The form's fields; the server parses the same schema. */
export const contactFormSchema = z.object({
  name: singleLine(z.string({ error: contactMessages.nameRequired }).trim().min(1, contactMessages.nameRequired).max(CONTACT_LIMITS.name)),
  email: emailField,
  phone: z
    .string()
    .trim()
    .max(CONTACT_LIMITS.phone)
    .regex(/^(\+?[0-9]+)?$/, messages.numbersOnly)
    .default(''),
  subject: singleLine(z.string({ error: contactMessages.subjectRequired }).trim().min(1, contactMessages.subjectRequired).max(CONTACT_LIMITS.subject)),
  message: z.string({ error: contactMessages.messageRequired }).trim().min(1, contactMessages.messageRequired).max(CONTACT_LIMITS.message),
});
export type ContactForm = z.input<typeof contactFormSchema>;

/** POST /api/company/contact-us: the form, and a solved challenge when the form asked for one. */
export const contactUsSchema = contactFormSchema.extend({ captcha: captchaTokenField.optional() });

/** POST /api/company/contact-us: the confirmation text. */
export const contactUsAnswerSchema = z.object({ success: z.literal(true), message: z.string() });

/** GET /api/company/contact-us: what the form needs before it is shown. */
export const contactFormStateSchema = z.object({
  success: z.literal(true),
  /** False when the company has no contact address to send to. */
  available: z.boolean(),
  /** Where messages go, to show beside the form. */
  contact_email: z.string(),
  /** A guest must solve a challenge first (the company's ShowContactUsCAPTCHA). */
  captcha_required: z.boolean(),
  /** The signed-in customer's details, to fill the form with; null for a guest. */
  prefill: z.object({ name: z.string(), email: z.string(), phone: z.string() }).nullable(),
});
export type ContactFormState = z.infer<typeof contactFormStateSchema>;
