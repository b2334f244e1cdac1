import type { ErrorCode } from '@portal/shared/error-codes';
import { agreementMessages as am } from '@portal/shared/agreement-schemas';
import { bankDetailsSchemaFor } from '@portal/shared/payment-schemas';
import { registrationMessages as m } from '@portal/shared/registration-schemas';
import type { Ctx } from '../../context.ts';
import type { Company } from '../../domain/company.ts';
import { AppError } from '../../lib/app-error.ts';
import { checkSignature, listActiveAgreements } from '../../modules/agreements/agreements.api.ts';
import { bankFormatOf } from '../../modules/payments/payments.api.ts';
import { paymentOptionsOf, type Profile } from './registration-rules.ts';

// Checks that a new family's submission and an existing family's class registration share.

export const fieldError = (status: number, code: ErrorCode, field: string, message: string) => new AppError(status, code, message, [{ field, message }]);

/** Each class once per child (a new family's by its index, a family with an account's by its id): a second place in it would be charged for a place the first already holds. */
export function assertEachClassOnce(company: Company, profile: Profile, classes: readonly { student: number; ClassID: number }[]): void {
  const twice = classes.findIndex((c, i) => classes.slice(0, i).some((o) => o.student === c.student && o.ClassID === c.ClassID));
  if (twice >= 0) throw fieldError(422, 'DUPLICATE_CLASS', `classes.${twice}`, m.duplicateClass(profile.CustomStudentTerm || company.settings.StudentTerm || 'Student'));
}

/** Field errors of a part of the request, named by where they sit in it (`students.1.FirstName`). */
export async function within<T>(prefix: string, parse: () => Promise<T>): Promise<T> {
  try {
    return await parse();
  } catch (err) {
    if (err instanceof AppError && err.errors) {
      const errors = err.errors.map((e) => ({ ...e, field: `${prefix}.${e.field}` }));
      throw new AppError(err.statusCode, err.code, err.message, errors);
    }
    throw err;
  }
}

type AgreementAnswer = { agreementID: number; agreed: boolean; signature?: string | null | undefined };

/**
 * N25: the profile's agreements answered: none unknown, every required one agreed (or, for a
 * family that has an account, already signed in its current version), a signature drawn where
 * one is asked. Answers what to record, signatures still to be checked by `checkedSignatures`.
 */
export async function checkAgreementAnswers(ctx: Ctx, company: Company, clientId: number | undefined, profileId: number, answers: readonly AgreementAnswer[]) {
  const agreements = await listActiveAgreements(ctx, company.id, clientId, profileId);
  const unknown = answers.findIndex((a) => !agreements.some((x) => x.AgreementID === a.agreementID));
  if (unknown >= 0) throw fieldError(422, 'AGREEMENT_NOT_FOUND', `agreements.${unknown}.agreementID`, am.notFound);
  const byId = new Map(answers.map((a) => [a.agreementID, a]));
  const agreed: { agreementId: number; name: string; signature: string | null }[] = [];
  for (const a of agreements) {
    const answer = byId.get(a.AgreementID);
    if (!answer?.agreed) {
      if (a.pivot.Required && !a.Signed?.Current) throw fieldError(422, 'AGREEMENT_REQUIRED', `agreements.${a.AgreementID}`, am.mustAgree(a.Name));
      continue;
    }
    if (a.RequiresSignature && !answer.signature) throw fieldError(422, 'SIGNATURE_REQUIRED', `agreements.${a.AgreementID}.signature`, am.signatureRequired(a.Name));
    agreed.push({ agreementId: a.AgreementID, name: a.Name, signature: answer.signature ?? null });
  }
  return agreed;
}

/** The drawn signatures checked and re-encoded (kept so, the transaction does no image work). */
export async function checkedSignatures(agreed: Awaited<ReturnType<typeof checkAgreementAnswers>>) {
  const accepted = [];
  for (const a of agreed) {
    const signature = a.signature ? await within(`agreements.${a.agreementId}`, () => checkSignature(a.signature!, a.name)) : null;
    accepted.push({ agreementId: a.agreementId, signature });
  }
  return accepted;
}

/**
 * N27: how classes with something to enrol are paid: an option the profile offers (and the
 * company's payment setup takes), with the bank details only for direct debit and a card only
 * for a card.
 */
export function paymentChoice(ctx: Ctx, company: Company, profile: Profile, body: { direct_debit_payment: boolean; cardToken?: string | null | undefined; bank?: unknown }): 'card' | 'direct_debit' {
  const options = paymentOptionsOf(ctx, company, profile);
  const method = body.direct_debit_payment ? 'direct_debit' : 'credit_card';
  if (!options.includes(method)) throw fieldError(422, 'PAYMENT_OPTION', 'direct_debit_payment', options.length ? m.paymentOptionNotOffered : m.selectOption);
  if (method === 'direct_debit') {
    if (body.cardToken) throw fieldError(422, 'PAYMENT_OPTION', 'cardToken', m.paymentOptionNotOffered);
    return 'direct_debit';
  }
  if (body.bank) throw fieldError(422, 'PAYMENT_OPTION', 'bank', m.paymentOptionNotOffered);
  return 'card';
}

/** Nothing is enrolled (waitlist places only): nothing may be paid either. */
export function assertNothingPaid(body: { direct_debit_payment: boolean; cardToken?: string | null | undefined; bank?: unknown }) {
  if (body.direct_debit_payment || body.cardToken || body.bank) throw fieldError(422, 'NOTHING_TO_PAY', 'direct_debit_payment', m.nothingToPay);
}

/** The bank details in the company's format, with errors named `bank.BankCode`. */
export function parseBank(company: Company, bank: unknown) {
  const parsed = bankDetailsSchemaFor(bankFormatOf(company)).safeParse(bank);
  if (parsed.success) return parsed.data;
  const errors = parsed.error.issues.map((i) => ({ field: ['bank', ...i.path.map(String)].join('.'), message: i.message }));
  throw new AppError(400, 'VALIDATION', errors[0]!.message, errors);
}
