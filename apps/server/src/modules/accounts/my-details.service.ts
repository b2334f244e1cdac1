import type { CustomerRecord } from '@portal/shared/my-details-schemas';
import { myDetailsMessages as dm } from '@portal/shared/my-details-schemas';
import { GENDER_TYPES, type CustomFieldValue, type FormOutput, type GenderType } from '@portal/shared/form-engine/form-types';
import { messages, serverMessages } from '@portal/shared/messages';
import { guardianMessages } from '@portal/shared/guardian-schemas';
import type { Ctx } from '../../context.ts';
import { answerChanges, changesBetween, recordActivity } from '../activity/activity.api.ts';
import type { Company } from '../../domain/company.ts';
import { AppError, notFound, recordChanged } from '../../lib/app-error.ts';
import { isUniqueViolationOf } from '../../lib/db-errors.ts';
import { verifyPassword } from '../../lib/passwords.ts';
import { renderMail } from '../messaging/messaging.api.ts';
import { loadCompanyForm, parseCompanyForm, type FormOptions } from '../forms/forms.api.ts';
import { changePassword } from './customer.service.ts';
import { completeSignInActions } from './sign-in-actions.service.ts';
import * as repo from './my-details.repository.ts';
import { checkedRegId } from './reg-id.service.ts';
import { checkEmailCode, EMAIL_CODE_TTL_MINUTES, findEmailCode, issueEmailCode, pendingEmailCodeAddress, type EmailCodePurpose } from './email-code.service.ts';
import { companyClockText } from '../../lib/time.ts';

/** Decisions 020, 035: an e-mail change is an e-mail code of this purpose, as the registration code is. */
const EMAIL_CHANGE: EmailCodePurpose = 'email-change';

const orNull = (v: string) => (v === '' ? null : v);
const orEmpty = (v: string | null | undefined) => v ?? '';

function genderType(v: string): GenderType | null {
  return (GENDER_TYPES as readonly string[]).includes(v) ? (v as GenderType) : null;
}

/** A stored client as the record of K25; custom field values also under custom_field_{id}. */
function toRecord(row: repo.ClientDetailsRow, values: Awaited<ReturnType<typeof repo.findCustomFieldValues>>, pendingEmail: string | null): CustomerRecord {
  const type = genderType(row.gender_type);
  const CustomFieldValues: CustomFieldValue[] = values.map((v) => ({ CustomFieldID: v.custom_field_id, CustomFieldItemID: v.custom_field_item_id, FieldValue: v.field_value }));
  const keyed = Object.fromEntries(CustomFieldValues.map((v) => [`custom_field_${v.CustomFieldID}`, v.FieldValue ?? (v.CustomFieldItemID === null ? null : String(v.CustomFieldItemID))]));
  return {
    ...keyed,
    ClientID: row.id,
    FirstName: row.first_name,
    LastName: row.last_name,
    RegID: orNull(row.reg_id),
    GenderType: type,
    GenderOther: type === 'Other' ? orNull(row.gender_other) : null,
    Gender: type ? (type.charAt(0) as 'M' | 'F' | 'N' | 'O') : null,
    PhoneHome: orNull(row.phone_home),
    PhoneWork: orNull(row.phone_work),
    PhoneMobile: orNull(row.phone_mobile),
    PhoneMobile2: orNull(row.phone_mobile2),
    Email: row.email,
    Email2: orNull(row.email2),
    Fax: orNull(row.fax),
    Address1: orNull(row.address1),
    Address2: orNull(row.address2),
    Suburb: orNull(row.suburb),
    State: orNull(row.state),
    Postcode: orNull(row.postcode),
    location: { Suburb: orNull(row.suburb), State: orNull(row.state), Postcode: orNull(row.postcode) },
    BillingAddrSame: row.billing_addr_same === 1,
    BillingAddress1: orNull(row.billing_address1),
    BillingAddress2: orNull(row.billing_address2),
    BillingSuburb: orNull(row.billing_suburb),
    BillingState: orNull(row.billing_state),
    BillingPostcode: orNull(row.billing_postcode),
    billing_location: { Suburb: orNull(row.billing_suburb), State: orNull(row.billing_state), Postcode: orNull(row.billing_postcode) },
    Notes: orNull(row.notes),
    CustomFieldValues,
    PendingEmail: pendingEmail,
    Version: Number(row.details_version),
  };
}

async function findRow(ctx: Ctx, companyId: number, clientId: number): Promise<repo.ClientDetailsRow> {
  const row = await repo.findClientDetails(ctx.db, companyId, clientId);
  if (!row) throw notFound();
  return row;
}

/** The signed-in customer's record (K6, K25). */
export async function getCustomerDetails(ctx: Ctx, companyId: number, clientId: number): Promise<CustomerRecord> {
  const [row, values, pending] = await Promise.all([
    findRow(ctx, companyId, clientId),
    repo.findCustomFieldValues(ctx.db, companyId, clientId),
    pendingEmailCodeAddress(ctx, companyId, EMAIL_CHANGE, clientId),
  ]);
  return toRecord(row, values, pending);
}

/** The record as far as the customer form reads it, for checking it against the form: no e-mail change pending asked. */
export async function getCustomerFormRecord(ctx: Ctx, companyId: number, clientId: number): Promise<CustomerRecord> {
  const [row, values] = await Promise.all([findRow(ctx, companyId, clientId), repo.findCustomFieldValues(ctx.db, companyId, clientId)]);
  return toRecord(row, values, null);
}

/**
 * Parses the customer form with the company's form schema: the same rules and messages as the
 * web form (S60); hidden fields are dropped. A failure is a 400 with each field's message.
 */
export async function parseCustomerForm(ctx: Ctx, company: Company, body: unknown, options: FormOptions = {}): Promise<FormOutput<'customer'>> {
  return parseCompanyForm(await loadCompanyForm(ctx, company, 'customer', options), body);
}

/** Form keys → columns, for the plain text fields; each is written only when its field is shown. */
const TEXT_COLUMNS = {
  FirstName: 'first_name',
  LastName: 'last_name',
  GenderType: 'gender_type',
  GenderOther: 'gender_other',
  PhoneHome: 'phone_home',
  PhoneWork: 'phone_work',
  PhoneMobile: 'phone_mobile',
  PhoneMobile2: 'phone_mobile2',
  Email2: 'email2',
  Fax: 'fax',
  Address1: 'address1',
  Address2: 'address2',
  Suburb: 'suburb',
  State: 'state',
  Postcode: 'postcode',
  BillingAddress1: 'billing_address1',
  BillingAddress2: 'billing_address2',
  BillingSuburb: 'billing_suburb',
  BillingState: 'billing_state',
  BillingPostcode: 'billing_postcode',
  Notes: 'notes',
} as const satisfies Record<string, keyof repo.ClientColumns>;

/** The form's field name of each column, as the activity log names a change (decision 098). */
const FIELD_OF_COLUMN: Record<string, string> = Object.fromEntries(Object.entries(TEXT_COLUMNS).map(([field, column]) => [column, field]));

const ADDRESS_TO_BILLING = [
  ['address1', 'billing_address1'],
  ['address2', 'billing_address2'],
  ['suburb', 'billing_suburb'],
  ['state', 'billing_state'],
  ['postcode', 'billing_postcode'],
] as const;

/**
 * Saves the customer form (K8): `form` is the payload parsed by the company's customer form
 * schema, so it holds only the fields the configuration shows. A new e-mail address is not
 * saved: it gets a code (K9) and changes when the code is confirmed.
 */
export async function updateCustomerDetails(
  ctx: Ctx,
  company: Company,
  clientId: number,
  form: FormOutput<'customer'>,
  /** Runs before a code is mailed to a new address (the route's throttle). */
  beforeCodeMail: () => Promise<void> = async () => {},
  /** The version the form was filled from (If-Match, decision 145); null saves over any. */
  version: number | null = null,
): Promise<{ record: CustomerRecord; emailToken?: string; newEmail?: string }> {
  const saved = await saveCustomerDetails(ctx, company, clientId, form, beforeCodeMail, version);
  return { record: await getCustomerDetails(ctx, company.id, clientId), ...saved };
}

/** Saves the customer form (what updateCustomerDetails does) without reading the record back; answers an e-mail change begun. */
export async function saveCustomerDetails(
  ctx: Ctx,
  company: Company,
  clientId: number,
  form: FormOutput<'customer'>,
  beforeCodeMail: () => Promise<void> = async () => {},
  version: number | null = null,
): Promise<{ emailToken?: string; newEmail?: string }> {
  const row = await findRow(ctx, company.id, clientId);
  // Moved on since the form was filled: refused before anything is checked, counted or mailed (the update checks again, for a save in between).
  if (version !== null && Number(row.details_version) !== version) throw recordChanged();
  const columns = formColumns(form, row);
  const values = form as Record<string, unknown>;
  if ('RegID' in values) {
    const regId = await checkedRegId(ctx, company.id, row.reg_id, values.RegID as string | null);
    if (regId !== undefined) columns.reg_id = regId;
  }
  let newEmail: string | undefined;
  if ('Email' in values) {
    const email = values.Email as string | null;
    // The address is the customer's sign-in: it can change, never go.
    if (email === null) throw new AppError(400, 'VALIDATION', messages.emailRequired, [{ field: 'Email', message: messages.emailRequired }]);
    if (email !== row.email) newEmail = email;
  }
  // The family's address is the holder's sign-in: a guardian cannot move it (decision 101), and nothing is saved.
  if (newEmail && ctx.guardian) throw new AppError(403, 'ROLE_FORBIDDEN', guardianMessages.emailHolderOnly, [{ field: 'Email', message: guardianMessages.emailHolderOnly }]);
  if (newEmail) await beforeCodeMail();
  const answers = customAnswers(form);
  const answered = answers.length ? await repo.findCustomFieldValues(ctx.db, company.id, clientId) : [];
  if (!(await repo.updateClientDetails(ctx.db, company.id, clientId, columns, answers, version))) throw recordChanged();
  // A billing address kept the same as the address follows it: the change the family made is the address's.
  const copied = row.billing_addr_same === 1 ? copiedBilling(columns) : new Set<string>();
  const changes = [
    ...changesBetween(row as Record<string, unknown>, columns, FIELD_OF_COLUMN).filter((c) => !copied.has(TEXT_COLUMNS[c.field as keyof typeof TEXT_COLUMNS])),
    // The questions the form asked; a hidden one's stored answer stays as it was.
    ...answerChanges(
      answerMap(answered),
      answerMap(answers),
      answers.map((a) => a.custom_field_id),
    ),
  ];
  if (changes.length) await recordActivity(ctx, { companyId: company.id, clientId, kind: 'details', summary: 'Changed the account details', changes });
  // The details were saved through the company's form, so every mandatory field is filled: an
  // UpdateProfile sign-in action is done (decision 021).
  await completeSignInActions(ctx, company.id, clientId, 'UpdateProfile');
  const emailToken = newEmail ? await startEmailChange(ctx, company, { ...row, ...columns } as repo.ClientDetailsRow, newEmail) : undefined;
  return emailToken ? { emailToken, newEmail } : {};
}

/** The columns a parsed customer form writes over the stored row: only the fields it holds (hidden ones stay, K7). */
function formColumns(form: FormOutput<'customer'>, row: Pick<repo.ClientDetailsRow, (typeof ADDRESS_TO_BILLING)[number][0]>): repo.ClientColumns {
  const columns: repo.ClientColumns = {};
  const values = form as Record<string, unknown>;
  for (const [key, column] of Object.entries(TEXT_COLUMNS)) {
    if (key in values) columns[column] = orEmpty(values[key] as string | null);
  }
  if ('GenderType' in values && values.GenderType !== 'Other') columns.gender_other = '';
  if ('BillingAddrSame' in values) {
    const same = values.BillingAddrSame === true;
    columns.billing_addr_same = same ? 1 : 0;
    // K11: the billing address is the address, copied, so the record reads the same either way.
    if (same) for (const [from, to] of ADDRESS_TO_BILLING) columns[to] = columns[from] ?? row[from];
  }
  return columns;
}

/** The form's answers to the company's own questions, as rows; a null answer removes one. */
const customAnswers = (form: FormOutput<'customer'>) =>
  (form.CustomFieldValues ?? []).map((v) => ({ custom_field_id: v.CustomFieldID, custom_field_item_id: v.CustomFieldItemID, field_value: v.FieldValue }));

/**
 * A new client's details from its form, written with the client rather than over it (openAccount):
 * the columns, the answers to keep, and the activity log's "Created the account" with what was
 * filled in, the fields a save over the empty record would list. Its RegID is checked as a save checks it.
 */
export async function newClientDetails(ctx: Ctx, company: Company, named: { first_name: string; last_name: string }, form: FormOutput<'customer'>) {
  // A new client's record: its name, every other text column empty ('' is the columns' default).
  const empty = Object.fromEntries(Object.values(TEXT_COLUMNS).map((c) => [c, ''])) as Record<(typeof TEXT_COLUMNS)[keyof typeof TEXT_COLUMNS], string>;
  const row = { ...empty, ...named };
  const columns = formColumns(form, row);
  const values = form as Record<string, unknown>;
  if ('RegID' in values) {
    // Only an online registration opens an account, its id checked against the others already (checkNewCustomerRegId).
    const regId = await checkedRegId(ctx, company.id, '', values.RegID as string | null, { ownRegistration: true });
    if (regId !== undefined) columns.reg_id = regId;
  }
  const answers = customAnswers(form);
  const copied = copiedBilling(columns);
  const changes = [
    ...changesBetween(row as Record<string, unknown>, columns, FIELD_OF_COLUMN).filter((c) => !copied.has(TEXT_COLUMNS[c.field as keyof typeof TEXT_COLUMNS])),
    ...answerChanges(
      new Map(),
      answerMap(answers),
      answers.map((a) => a.custom_field_id),
    ),
  ];
  // The family's first entry: the account made, with what its form filled in.
  const activity = [{ companyId: company.id, kind: 'account' as const, summary: 'Created the account', changes }];
  return { columns, custom: answers.filter(kept), activity };
}

/** The billing columns a save copies from the address (the box ticked): the family's change is the address's, told once. */
const copiedBilling = (columns: repo.ClientColumns) => new Set<string>(columns.billing_addr_same === 1 ? ADDRESS_TO_BILLING.map(([, billing]) => billing) : []);

/** Each question's answer as the form sends it: the text, or the chosen item. */
const answerMap = (rows: { custom_field_id: number; custom_field_item_id: number | null; field_value: string | null }[]) =>
  new Map(rows.map((r) => [r.custom_field_id, r.field_value ?? (r.custom_field_item_id === null ? null : String(r.custom_field_item_id))]));

/** A custom field answer that holds something (a null one only removes a stored answer). */
const kept = (v: { custom_field_item_id: number | null; field_value: string | null }) => v.field_value !== null || v.custom_field_item_id !== null;

function maskEmail(email: string): string {
  const [local = '', domain = ''] = email.split('@');
  return `${local.slice(0, 1)}${'*'.repeat(Math.max(1, local.length - 1))}@${domain}`;
}

/**
 * Sends a 6-digit code to the new address and answers the token that pairs with it (K9). An
 * address another sign-in of the company uses gets a notice instead of a code, with the same
 * answer, so the call never tells which addresses are customers.
 */
async function startEmailChange(ctx: Ctx, company: Company, row: repo.ClientDetailsRow, newEmail: string): Promise<string> {
  const taken = await repo.isSignInEmailTaken(ctx.db, company.id, newEmail, row.login_id);
  const { token, code } = await issueEmailCode(ctx, { companyId: company.id, purpose: EMAIL_CHANGE, email: newEmail, clientId: row.id, decoy: taken });
  const name = company.settings.CompanyDisplayName;
  const mail = taken
    ? renderMail(company.settings, [
        `Someone asked to use this e-mail address for a ${name} Customer Hub account.`,
        'This address already belongs to an account, so it was not changed. If this was not you, you can ignore this e-mail.',
      ])
    : renderMail(company.settings, [
        `Hi ${row.first_name},`,
        `To use this address for your ${name} Customer Hub account, your verification code is ${code}.`,
        `It expires in ${EMAIL_CODE_TTL_MINUTES} minutes. Your e-mail address changes only when the code is entered. If you did not ask for this, you can ignore this e-mail.`,
      ]);
  ctx.mailer.queue({
    companyId: company.id,
    to: newEmail,
    subject: taken ? `Your ${name} account` : `Confirm your new e-mail address: ${code}`,
    ...mail,
    secrets: taken ? [] : [String(code)],
  });
  return token;
}

const codeInvalid = () => new AppError(422, 'CODE_INVALID', dm.codeInvalid, [{ field: 'email_code', message: dm.codeInvalid }]);
const tooManyTries = () => new AppError(422, 'CODE_TOO_MANY_TRIES', dm.codeTooManyTries, [{ field: 'email_code', message: dm.codeTooManyTries }]);

/**
 * Confirms an e-mail change with its code: bounded tries, before expiry, once, and only by the
 * client who asked for it (another client's token is not found). The old address is told.
 */
export async function confirmEmailChange(ctx: Ctx, company: Company, clientId: number, token: string, code: number): Promise<CustomerRecord> {
  const change = await findEmailCode(ctx, company.id, EMAIL_CHANGE, token);
  if (!change || change.client_id !== clientId) throw notFound();
  const check = await checkEmailCode(ctx, company.id, change, token, code);
  if (check === 'tooManyTries') throw tooManyTries();
  if (check === 'invalid') throw codeInvalid();
  const row = await findRow(ctx, company.id, clientId);
  try {
    const applied = await repo.applyEmailChange(ctx.db, {
      companyId: company.id,
      codeId: change.id,
      clientId,
      loginId: row.login_id,
      oldEmail: row.email,
      newEmail: change.email,
    });
    if (!applied) throw codeInvalid();
    await recordActivity(ctx, { companyId: company.id, clientId, kind: 'email', summary: 'Changed the sign-in e-mail address', changes: [{ field: 'Email', from: row.email, to: change.email }] });
  } catch (err) {
    // Taken before this change, or by another account's change confirmed at the same moment (the database's key).
    if (err instanceof repo.EmailTakenError || isUniqueViolationOf(err, 'logins')) throw new AppError(409, 'EMAIL_TAKEN', serverMessages.emailTaken);
    throw err;
  }
  const name = company.settings.CompanyDisplayName;
  const mail = renderMail(company.settings, [
    `The e-mail address of your ${name} Customer Hub account was changed to ${maskEmail(change.email)} on ${companyClockText(company.settings.localization, ctx.clock.now())}.`,
    'If this was you, there is nothing to do. If it was not, contact us at once.',
  ]);
  ctx.mailer.queue({ companyId: company.id, to: row.email, subject: `Your ${name} e-mail address was changed`, ...mail });
  return getCustomerDetails(ctx, company.id, clientId);
}

/**
 * Login & Security (K13): the current password proves it is the owner; the new one ends every
 * other session of the sign-in (this one stays) and the owner is told by e-mail.
 */
export async function changeCustomerPassword(ctx: Ctx, company: Company, clientId: number, sessionId: number, input: { current_password: string; password: string }): Promise<void> {
  const login = await repo.findLoginForClient(ctx.db, company.id, clientId, ctx.guardian?.id ?? null);
  if (!login) throw notFound();
  if (!(await verifyPassword(login.password_hash, input.current_password))) {
    throw new AppError(422, 'INVALID_CREDENTIALS', dm.currentPasswordWrong, [{ field: 'current_password', message: dm.currentPasswordWrong }]);
  }
  if (input.current_password === input.password) {
    throw new AppError(422, 'PASSWORD_UNCHANGED', dm.passwordUnchanged, [{ field: 'password', message: dm.passwordUnchanged }]);
  }
  await changePassword(ctx, company.id, login.login_id, input.password, sessionId);
  await recordActivity(ctx, { companyId: company.id, clientId, kind: 'password', summary: 'Changed the password; other devices were signed out' });
}

/** The sign-in address whose failures a wrong current password counts against. */
export async function signInEmailOf(ctx: Ctx, companyId: number, clientId: number): Promise<string> {
  const login = await repo.findLoginForClient(ctx.db, companyId, clientId, ctx.guardian?.id ?? null);
  if (!login) throw notFound();
  return login.email;
}
