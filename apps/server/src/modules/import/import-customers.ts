import type { Db } from '../../db/database.ts';
import { barcodeRows } from './bundle-barcodes.ts';
import { clientDetailColumns, customFieldValueRows } from './bundle-client-details.ts';
import { resolveDate } from './bundle-dates.ts';
import type { CompanyBundle } from './company-bundle.ts';
import { insertRows, insertRowsReturningIds } from './import.repository.ts';
import { byKey, type ImportScope } from './import-scope.ts';

type BundleClient = CompanyBundle['customers'][number]['clients'][number];

/** A client account as written, with whether its customer's login has a password. */
export interface ImportedClient {
  client: BundleClient;
  loginId: number;
  loginEmail: string;
  hasPassword: boolean;
}

/**
 * Each customer's login (with the hash made before the transaction) and its client accounts with
 * their custom field answers; answers the clients in bundle order and their ids by key.
 */
export async function importCustomers(
  trx: Db,
  scope: ImportScope,
  customers: CompanyBundle['customers'],
  passwordHashes: string[],
): Promise<{ clients: ImportedClient[]; clientId: (key: string) => number }> {
  const { companyId: company_id, now } = scope;
  const loginIds = await insertRowsReturningIds(
    trx,
    'logins',
    customers.map((c, i) => ({ company_id, email: c.email, password_hash: passwordHashes[i] as string, created_at: now, updated_at: now })),
  );

  const clients = customers.flatMap((c, i) => c.clients.map((client) => ({ client, loginId: loginIds[i] as number, loginEmail: c.email, hasPassword: passwordHashes[i] !== '' })));
  const clientIds = byKey(
    clients.map((c) => c.client.key),
    await insertRowsReturningIds(
      trx,
      'clients',
      clients.map(({ client, loginId, loginEmail }) => ({
        company_id,
        login_id: loginId,
        first_name: client.first_name,
        last_name: client.last_name,
        email: client.email ?? loginEmail,
        address1: client.address1,
        suburb: client.suburb,
        state: client.state,
        postcode: client.postcode,
        ...clientDetailColumns(client),
        created_at: now,
      })),
    ),
  );
  const clientId = (k: string) => clientIds.get(k) as number;
  await insertRows(
    trx,
    'client_custom_field_values',
    customFieldValueRows(
      company_id,
      clients.map(({ client }) => ({ clientId: clientId(client.key), custom_fields: client.custom_fields })),
    ),
  );
  return { clients, clientId };
}

/**
 * The clients' guardians (decision 101): a customer of the bundle signs in with its own login; any
 * other address gets a login of its own, with the hash made before the transaction (`guardianHashes`,
 * in bundle order, '' for none).
 */
export async function importGuardians(trx: Db, scope: ImportScope, input: { clients: ImportedClient[]; clientId: (key: string) => number; guardianHashes: string[] }): Promise<void> {
  const { companyId: company_id, now } = scope;
  const logins = new Map(input.clients.map((c) => [c.loginEmail, c.loginId]));
  let i = 0;
  for (const { client } of input.clients) {
    for (const g of client.guardians) {
      const hash = input.guardianHashes[i++] ?? '';
      let loginId = logins.get(g.email);
      if (loginId === undefined) {
        [loginId] = (await insertRowsReturningIds(trx, 'logins', [{ company_id, email: g.email, password_hash: hash, created_at: now, updated_at: now }])) as [number];
        logins.set(g.email, loginId);
      }
      await insertRows(trx, 'guardians', [{ company_id, client_id: input.clientId(client.key), login_id: loginId, role: g.role, first_name: g.first_name, last_name: g.last_name, created_at: now }]);
    }
  }
}

/** What each client brings along: barcodes, invoices, and the sign-in actions waiting for it. */
export async function importClientRecords(
  trx: Db,
  scope: ImportScope,
  input: { clients: ImportedClient[]; clientId: (key: string) => number; studentIds: Map<string, number>; agreementIds: Map<string, number> },
): Promise<void> {
  const { companyId: company_id, now, today } = scope;
  const { clients, clientId, studentIds, agreementIds } = input;
  await insertRows(
    trx,
    'barcodes',
    barcodeRows(
      company_id,
      clients.map(({ client }) => client),
      clientId,
      (clientKey, studentKey) => studentIds.get(`${clientKey}/${studentKey}`) as number,
    ),
  );
  await insertRows(
    trx,
    'invoices',
    clients.flatMap(({ client }) =>
      client.invoices.map((inv) => ({
        company_id,
        client_id: clientId(client.key),
        invoice_no: inv.invoice_no,
        invoice_date: resolveDate(inv.invoice_date, today),
        payment_date: resolveDate(inv.payment_date, today),
        total_cents: inv.total_cents,
        balance_due_cents: inv.balance_due_cents,
        status: inv.status,
      })),
    ),
  );
  await insertRows(
    trx,
    'sign_in_actions',
    clients.flatMap(({ client, hasPassword }) => {
      const listed = client.sign_in_actions.map((a) => ({
        company_id,
        client_id: clientId(client.key),
        type: a.type as string,
        agreement_id: a.agreement === undefined ? null : (agreementIds.get(a.agreement) as number),
        student_id: a.student === undefined ? null : (studentIds.get(`${client.key}/${a.student}`) as number),
        created_at: now,
        completed_at: null,
      }));
      const needsPassword = !hasPassword && !client.sign_in_actions.some((a) => a.type === 'ChangePassword');
      return needsPassword ? [...listed, { company_id, client_id: clientId(client.key), type: 'ChangePassword', agreement_id: null, student_id: null, created_at: now, completed_at: null }] : listed;
    }),
  );
}
