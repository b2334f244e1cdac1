import type { SignInAction } from '@portal/shared/customer-schemas';
import type { FormValues } from '@portal/shared/form-engine/form-types';
import type { Deps } from '../../deps.ts';
import type { Company } from '../../domain/company.ts';
import { agreementsAwaitingAcceptance } from '../../modules/agreements/agreements.api.ts';
import { emptyMandatoryInputs, loadCompanyForm } from '../../modules/forms/forms.api.ts';
import { listSignInActions, queueOutstanding } from '../../modules/accounts/accounts.api.ts';
import { studentsWithEmptyMandatoryFields } from '../../modules/students/students.api.ts';
import { getCustomerDetails } from '../../modules/accounts/accounts.api.ts';

async function profileIncomplete(deps: Deps, company: Company, clientId: number): Promise<boolean> {
  const [form, record] = await Promise.all([loadCompanyForm(deps, company, 'customer'), getCustomerDetails(deps, company.id, clientId)]);
  return emptyMandatoryInputs(form, record as unknown as FormValues).length > 0;
}

/**
 * At every sign-in, what the company now asks of the customer becomes sign-in actions
 * (decision 021): each required agreement whose current version they have not accepted, their
 * details when a mandatory field is empty under the current form configuration, and each
 * student of theirs for which the same holds.
 */
export async function prepareSignIn(deps: Deps, company: Company, clientId: number): Promise<void> {
  const [agreementIds, profile, studentIds] = await Promise.all([
    agreementsAwaitingAcceptance(deps, company.id, clientId),
    profileIncomplete(deps, company, clientId),
    studentsWithEmptyMandatoryFields(deps, company, clientId),
  ]);
  await queueOutstanding(deps, company.id, clientId, { agreementIds, profileIncomplete: profile, studentIds });
}

/** Registration with an existing client (L13): the update actions it must go through, in order. */
export async function updateActionsForRegistration(deps: Deps, company: Company, clientId: number): Promise<SignInAction[]> {
  await prepareSignIn(deps, company, clientId);
  return (await listSignInActions(deps, company.id, clientId)).filter((a) => a.type === 'UpdateProfile' || a.type === 'UpdateStudent');
}
