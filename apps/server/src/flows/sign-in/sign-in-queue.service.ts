import type { SignInAction } from '@portal/shared/customer-schemas';
import type { FormValues } from '@portal/shared/form-engine/form-types';
import type { Ctx } from '../../context.ts';
import type { Company } from '../../domain/company.ts';
import { agreementsAwaitingAcceptance } from '../../modules/agreements/agreements.api.ts';
import { emptyMandatoryInputs, loadCompanyForm } from '../../modules/forms/forms.api.ts';
import { queueOutstanding, type OpenedFamily } from '../../modules/accounts/accounts.api.ts';
import { studentsWithEmptyMandatoryFields } from '../../modules/students/students.api.ts';
import { getCustomerFormRecord } from '../../modules/accounts/accounts.api.ts';

async function profileIncomplete(ctx: Ctx, company: Company, clientId: number): Promise<boolean> {
  const [form, record] = await Promise.all([loadCompanyForm(ctx, company, 'customer'), getCustomerFormRecord(ctx, company.id, clientId)]);
  return emptyMandatoryInputs(form, record as unknown as FormValues).length > 0;
}

/**
 * At every sign-in, what the company now asks of the customer becomes sign-in actions
 * (decision 021): each required agreement whose current version they have not accepted, their
 * details when a mandatory field is empty under the current form configuration, and each
 * student of theirs for which the same holds. Answers the pending actions, in their order.
 */
export async function prepareSignIn(ctx: Ctx, company: Company, clientId: number, opened?: OpenedFamily): Promise<SignInAction[]> {
  const [agreementIds, profile, studentIds] = await Promise.all([
    agreementsAwaitingAcceptance(ctx, company.id, clientId, opened?.accepted),
    profileIncomplete(ctx, company, clientId),
    studentsWithEmptyMandatoryFields(ctx, company, clientId),
  ]);
  return queueOutstanding(ctx, company.id, clientId, { agreementIds, profileIncomplete: profile, studentIds }, opened?.actions);
}

/** Registration with an existing client (L13): the update actions it must go through, in order. */
export async function updateActionsForRegistration(ctx: Ctx, company: Company, clientId: number): Promise<SignInAction[]> {
  return (await prepareSignIn(ctx, company, clientId)).filter((a) => a.type === 'UpdateProfile' || a.type === 'UpdateStudent');
}
