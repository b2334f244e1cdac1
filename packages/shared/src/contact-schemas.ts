import { z } from 'zod';
import { emailField } from './auth-schemas.ts';
import { messages } from './messages.ts';

/** Texts of the Contact Us form (the spec gives none, U15). */
export const contactMessages = {
  nameRequired: 'Name is required',
  subjectRequired: 'Subject is required',
  messageRequired: 'Message is required',
  singleLine: 'Please keep this to one line',
  captchaRequired: 'Please complete the reCAPTCHA verification',
  captchaFailed: 'reCAPTCHA verification failed',
  sent: 'Thank you. Your message has been sent.',
  unavailable: 'Messages cannot be sent from here yet. Please contact the office directly.',
} as const;

export const CONTACT_LIMITS = { name: 120, phone: 30, subject: 150, message: 5000 } as const;

/** No line breaks or control characters where the text goes into a mail header (name, subject). */
const singleLine = (text: z.ZodString) => text.regex(/^[^\p{Cc}]*$/u, contactMessages.singleLine);

/**
 * A solved proof-of-work challenge (the same fields ALTCHA sends): the number whose SHA-256 with
 * the salt is the challenge.
 */
export const captchaSolutionSchema = z.object({
  algorithm: z.literal('SHA-256'),
  challenge: z.string().regex(/^[0-9a-f]{64}$/),
  salt: z.string().min(1).max(100),
  number: z.number().int().min(0).max(100_000_000),
});
export type CaptchaSolution = z.infer<typeof captchaSolutionSchema>;

/** GET /api/company/captcha-challenge: find `number` ≤ maxnumber with SHA-256(salt + number) = challenge. */
/** A solved challenge as a form sends it: base64 of the widget's JSON, or the object itself. */
export const captchaTokenField = z.union([z.string().min(1).max(4_000), captchaSolutionSchema]);

export const captchaChallengeSchema = z.object({
  algorithm: z.literal('SHA-256'),
  challenge: z.string(),
  salt: z.string(),
  maxnumber: z.number(),
});
export type CaptchaChallenge = z.infer<typeof captchaChallengeSchema>;
export const captchaChallengeAnswerSchema = z.object({ success: z.literal(true), captcha: captchaChallengeSchema });
export type CaptchaChallengeAnswer = z.infer<typeof captchaChallengeAnswerSchema>;

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
export const contactUsSchema = contactFormSchema.extend({ captcha: captchaSolutionSchema.optional() });

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
