import type { FormOutput } from '@portal/shared/form-engine/form-types';
import type { Ctx } from '../../context.ts';
import type { Company } from '../../domain/company.ts';
import type { NewActivity } from '../activity/activity.api.ts';
import * as repo from './customer.repository.ts';
import { insertCustomFieldValues } from './my-details.repository.ts';
import { newClientDetails } from './my-details.service.ts';
import { requirePasswordChangeOfNewClient } from './sign-in-actions.service.ts';
import type { ActionRow } from './sign-in-actions.repository.ts';

/**
 * A new family's account from online registration, in the caller's transaction (`ctx.db`): a
 * sign-in with no password yet, so nobody can sign in with one until the family sets it (a
 * ChangePassword sign-in action, L8), and its client with the marketing answer (N26) and the
 * details of its form, written with it rather than saved over it (the same record and log as
 * saving the form would leave). The form's e-mail address is the sign-in's, which the family
 * proved. What the log says goes to `activity`, for the caller to write with its own.
 */
export async function openAccount(
  ctx: Ctx,
  company: Company,
  input: { email: string; form: FormOutput<'customer'>; marketingOptIn: boolean | null },
  activity: NewActivity[],
): Promise<{ clientId: number; actions: ActionRow[] }> {
  const named = { first_name: input.form.FirstName, last_name: input.form.LastName };
  const details = await newClientDetails(ctx, company, named, input.form);
  const { clientId } = await repo.insertLoginWithClient(ctx.db, {
    companyId: company.id,
    email: input.email,
    passwordHash: '',
    firstName: named.first_name,
    lastName: named.last_name,
    marketingOptIn: input.marketingOptIn,
    details: details.columns,
  });
  await insertCustomFieldValues(ctx.db, company.id, clientId, details.custom);
  const actions = await requirePasswordChangeOfNewClient(ctx, company.id, clientId);
  activity.push(...details.activity.map((entry) => ({ ...entry, clientId })));
  return { clientId, actions };
}
