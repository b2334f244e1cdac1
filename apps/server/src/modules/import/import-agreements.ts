import { createHash } from 'node:crypto';
import type { Db } from '../../db/database.ts';
import type { CompanyBundle } from './company-bundle.ts';
import { insertRows, insertRowsReturningIds } from './import.repository.ts';
import type { ImportedClient } from './import-customers.ts';
import { bool, byKey, type ImportScope } from './import-scope.ts';

type BundleAgreement = CompanyBundle['agreements'][number];

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

/** Agreements with every published version and the registration profiles that show them; answers their ids by key. */
export async function importAgreements(trx: Db, scope: ImportScope, agreements: BundleAgreement[]): Promise<Map<string, number>> {
  const { companyId: company_id, now, instant } = scope;
  const agreementIds = byKey(
    agreements.map((a) => a.key),
    await insertRowsReturningIds(
      trx,
      'agreements',
      agreements.map((a) => ({
        company_id,
        name: a.name,
        text: a.text,
        requires_signature: bool(a.requires_signature),
        required: bool(a.required),
        active: bool(a.active),
        version: a.earlier_versions.length + 1,
        text_sha256: sha256(a.text),
        published_at: now,
      })),
    ),
  );
  await insertRows(
    trx,
    'agreement_versions',
    agreements.flatMap((a) =>
      [...a.earlier_versions, { text: a.text, published_at: undefined }].map((v, i) => ({
        company_id,
        agreement_id: agreementIds.get(a.key) as number,
        version: i + 1,
        name: a.name,
        text: v.text,
        text_sha256: sha256(v.text),
        requires_signature: bool(a.requires_signature),
        published_at: v.published_at === undefined ? now : instant(v.published_at),
      })),
    ),
  );

  await insertRows(
    trx,
    'agreement_profiles',
    agreements.flatMap((a, i) =>
      a.profiles.map((p) => ({
        company_id,
        profile_id: p.id,
        agreement_id: agreementIds.get(a.key) as number,
        required: bool(p.required ?? a.required),
        sort_order: i,
      })),
    ),
  );
  return agreementIds;
}

/** The agreements each client accepted before the import, at the version accepted. */
export async function importAgreementSignatures(
  trx: Db,
  scope: ImportScope,
  input: { agreements: BundleAgreement[]; agreementIds: Map<string, number>; clients: ImportedClient[]; clientId: (key: string) => number },
): Promise<void> {
  const { companyId: company_id, now, instant } = scope;
  const { agreements, agreementIds, clients: clientList, clientId } = input;
  await insertRows(
    trx,
    'agreement_signatures',
    clientList.flatMap(({ client }) =>
      client.agreements_signed.map((signed) => {
        const agreement = agreements.find((a) => a.key === signed.agreement)!;
        const version = signed.version ?? agreement.earlier_versions.length + 1;
        const text = version <= agreement.earlier_versions.length ? agreement.earlier_versions[version - 1]!.text : agreement.text;
        return {
          company_id,
          agreement_id: agreementIds.get(signed.agreement) as number,
          client_id: clientId(client.key),
          signature: null,
          signed_at: signed.signed_at === undefined ? now : instant(signed.signed_at),
          version,
          text_sha256: sha256(text),
          ip_address: '',
          user_agent: 'company bundle',
        };
      }),
    ),
  );
}
