import { z } from 'zod';

/** A company as the company choice lists it. */
export const companyListEntrySchema = z.object({ CustomerID: z.number(), TradingName: z.string(), Application: z.string() });
export type CompanyListEntry = z.infer<typeof companyListEntrySchema>;

/** login, login-by-code, login-by-customer-id. */
export const companyAnswerSchema = z.object({ success: z.literal(true), company: companyListEntrySchema });
export type CompanyAnswer = z.infer<typeof companyAnswerSchema>;

/** get-by-email. */
export const companiesAnswerSchema = z.object({ success: z.literal(true), companies: z.array(companyListEntrySchema) });
export type CompaniesAnswer = z.infer<typeof companiesAnswerSchema>;

/** contact-us: the confirmation text. */
export const contactUsAnswerSchema = z.object({ success: z.literal(true), message: z.string() });

export const ocrProfileSchema = z.object({ OCRProfileID: z.number(), ProfileName: z.string(), DisplayName: z.string() });
/** classes/ocr-profiles. */
export const ocrProfilesAnswerSchema = z.object({ success: z.literal(true), profiles: z.array(ocrProfileSchema) });
export type OcrProfilesAnswer = z.infer<typeof ocrProfilesAnswerSchema>;
export type OcrProfile = z.infer<typeof ocrProfileSchema>;
