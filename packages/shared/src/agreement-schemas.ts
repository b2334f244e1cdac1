import { z } from 'zod';
import { idField } from './api-schemas.ts';

/** The spec's texts for agreements (K21–K23, S52, S56) and the server's own refusals. */
export const agreementMessages = {
  signed: 'Agreement signed successfully',
  agreeLabel: (name: string) => `I agree to the ${name}`,
  signatureRequired: (name: string) => `Signature for ${name} is required`,
  mustAgree: (name: string) => `Please tick "I agree to the ${name}"`,
  signatureNotPng: 'The signature must be a PNG image',
  signatureTooLarge: 'The signature image is too large',
  notFound: 'Agreement not found',
  notSigned: 'You have not signed this agreement yet',
} as const;

/**
 * Bounds of a drawn signature. A pad 600 × 200 CSS px on a 3× phone screen is 1800 × 600; a
 * drawn line compresses well, so a real signature is a few tens of KB.
 */
export const SIGNATURE_LIMITS = { maxBytes: 256 * 1024, maxWidth: 2400, maxHeight: 1200 } as const;
const DATA_URL_PREFIX = 'data:image/png;base64,';
/** Base64 grows 4/3; what a JSON string may carry before the image is even looked at. */
const MAX_DATA_URL = DATA_URL_PREFIX.length + Math.ceil((SIGNATURE_LIMITS.maxBytes * 4) / 3) + 4;

/** One agreement as get-active-agreements answers it (R8): the spec's names plus its version and this customer's acceptance. */
export const agreementSchema = z.object({
  AgreementID: z.number(),
  Name: z.string(),
  AgreementText: z.string(),
  RequiresSignature: z.boolean(),
  Version: z.number(),
  pivot: z.object({ Required: z.boolean() }),
  /** When the signed-in customer accepted it: null if never; `Current` false when a newer version awaits acceptance. */
  Signed: z.object({ SignedAt: z.string(), Version: z.number(), Current: z.boolean() }).nullable(),
});
export type Agreement = z.infer<typeof agreementSchema>;

export const activeAgreementsQuerySchema = z.object({
  /** A registration profile's id (R68); the hub sends none. */
  id: z.coerce.number().int().positive().max(2_147_483_647).optional(),
});
export const activeAgreementsAnswerSchema = z.object({ success: z.literal(true), agreements: z.array(agreementSchema) });
export type ActiveAgreementsAnswer = z.infer<typeof activeAgreementsAnswerSchema>;

/** A drawn signature: the pad's PNG as a data URL, no larger than SIGNATURE_LIMITS allow. */
export const signatureField = z
  .string()
  .max(MAX_DATA_URL, agreementMessages.signatureTooLarge)
  .refine((v) => v.startsWith(DATA_URL_PREFIX), agreementMessages.signatureNotPng);
/** A request carrying `count` signatures and some form fields stays under this many bytes. */
export const signaturesBodyLimit = (count: number) => count * MAX_DATA_URL + 256 * 1024;

/** agree-to-agreement (R9, R70). The signature is the pad's PNG as a data URL; none when the agreement needs none. */
export const agreeToAgreementSchema = z.object({
  agreement_id: idField,
  signature: signatureField.nullish(),
});
export type AgreeToAgreementInput = z.infer<typeof agreeToAgreementSchema>;
export const agreeToAgreementAnswerSchema = z.object({ success: z.literal(true), message: z.string() });
export type AgreeToAgreementAnswer = z.infer<typeof agreeToAgreementAnswerSchema>;

/** The signature's base64 part, or undefined when the text is not a PNG data URL. */
export function signatureBase64(dataUrl: string): string | undefined {
  return dataUrl.startsWith(DATA_URL_PREFIX) ? dataUrl.slice(DATA_URL_PREFIX.length) : undefined;
}
export const pngDataUrl = (base64: string) => `${DATA_URL_PREFIX}${base64}`;

/** A signed agreement shown again (K20): the words that were accepted, the signature and when. */
export const signedAgreementAnswerSchema = z.object({
  success: z.literal(true),
  agreement: agreementSchema,
  signature: z.object({
    Name: z.string(),
    AgreementText: z.string(),
    Version: z.number(),
    SignedAt: z.string(),
    /** A PNG data URL, or null when the agreement needed no signature. */
    Signature: z.string().nullable(),
  }),
});
export type SignedAgreementAnswer = z.infer<typeof signedAgreementAnswerSchema>;
