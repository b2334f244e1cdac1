import { z } from 'zod';
import { emailField, passwordField } from './auth-schemas.ts';
import { idField } from './api-schemas.ts';

/** get-by-email: the companies where these credentials hold an account. */
export const companiesByEmailSchema = z.object({ email: emailField, password: passwordField });

/** login: a company chosen from the get-by-email list; Product is the entry's Application. */
export const companyLoginSchema = z.object({ company: z.object({ CustomerID: idField, Product: z.string().max(100).optional() }) });

/** login-by-customer-id: the CustomerID as a number or as the digits of a link. */
export const loginByCustomerIdSchema = z.object({
  customer_id: z.union([
    idField,
    z
      .string()
      .regex(/^[0-9]{1,10}$/)
      .transform(Number)
      .pipe(idField),
  ]),
});

/** A company as the company choice lists it. */
export const companyListEntrySchema = z.object({ CustomerID: z.number(), TradingName: z.string(), Application: z.string() });
export type CompanyListEntry = z.infer<typeof companyListEntrySchema>;

/** login, login-by-code, login-by-customer-id. */
export const companyAnswerSchema = z.object({ success: z.literal(true), company: companyListEntrySchema });
export type CompanyAnswer = z.infer<typeof companyAnswerSchema>;

/** get-by-email. */
export const companiesAnswerSchema = z.object({ success: z.literal(true), companies: z.array(companyListEntrySchema) });
export type CompaniesAnswer = z.infer<typeof companiesAnswerSchema>;

/** A registration profile as the lists show it; PageType "NoClasses" has no class step (N8). */
export const ocrProfileSchema = z.object({ OCRProfileID: z.number(), ProfileName: z.string(), DisplayName: z.string(), PageType: z.string() });
/** classes/ocr-profiles. */
export const ocrProfilesAnswerSchema = z.object({ success: z.literal(true), profiles: z.array(ocrProfileSchema) });
export type OcrProfilesAnswer = z.infer<typeof ocrProfilesAnswerSchema>;
export type OcrProfile = z.infer<typeof ocrProfileSchema>;
