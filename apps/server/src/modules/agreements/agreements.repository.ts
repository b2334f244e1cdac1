import type { Db } from '../../db/database.ts';
import { nowIso } from '../../lib/time.ts';

const agreementColumns = ['id', 'name', 'text', 'requires_signature', 'required', 'version', 'text_sha256'] as const;

/**
 * The company's active agreements, each with a row per registration profile that shows it (the
 * profile's own Required and order), or one row without a profile when none does: in one read,
 * everything listActiveAgreements answers for the company and for any of its profiles (R68).
 */
export function findActiveWithProfiles(db: Db, companyId: number) {
  return db
    .selectFrom('agreements as a')
    .leftJoin('agreement_profiles as p', (j) => j.onRef('p.company_id', '=', 'a.company_id').onRef('p.agreement_id', '=', 'a.id'))
    .select(['a.id', 'a.name', 'a.text', 'a.requires_signature', 'a.required', 'a.version', 'a.text_sha256', 'p.profile_id', 'p.required as profile_required', 'p.sort_order'])
    .where('a.company_id', '=', companyId)
    .where('a.active', '=', 1)
    .orderBy('a.id')
    .execute();
}

export function findActiveById(db: Db, companyId: number, id: number) {
  return db.selectFrom('agreements').select(agreementColumns).where('company_id', '=', companyId).where('id', '=', id).where('active', '=', 1).executeTakeFirst();
}

/** Each agreement's most recent acceptance by the client (the highest version, then the latest). */
export async function findLatestSignatures(db: Db, companyId: number, clientId: number) {
  const rows = await db
    .selectFrom('agreement_signatures')
    .select(['id', 'agreement_id', 'version', 'signed_at'])
    .where('company_id', '=', companyId)
    .where('client_id', '=', clientId)
    .orderBy('version')
    .orderBy('id')
    .execute();
  return new Map(rows.map((r) => [r.agreement_id, r]));
}

/** The client's latest acceptance of one agreement with the text of the version accepted. */
export function findLatestSignature(db: Db, companyId: number, clientId: number, agreementId: number) {
  return db
    .selectFrom('agreement_signatures as s')
    .innerJoin('agreement_versions as v', (j) => j.onRef('v.company_id', '=', 's.company_id').onRef('v.agreement_id', '=', 's.agreement_id').onRef('v.version', '=', 's.version'))
    .select(['s.version', 's.signed_at', 's.signature', 'v.name', 'v.text'])
    .where('s.company_id', '=', companyId)
    .where('s.client_id', '=', clientId)
    .where('s.agreement_id', '=', agreementId)
    .orderBy('s.version', 'desc')
    .orderBy('s.id', 'desc')
    .executeTakeFirst();
}

export interface SignatureRow {
  companyId: number;
  agreementId: number;
  clientId: number;
  version: number;
  textSha256: string;
  signature: string | null;
  ipAddress: string;
  userAgent: string;
  signedBy: string;
}

/** Whether the acceptance was written (false: the same one, sent at once, was written first). */
export async function insertSignature(db: Db, row: SignatureRow): Promise<boolean> {
  return (await insertSignatures(db, [row])) > 0;
}

/** Acceptances in one statement (a registration's agreements); one sent twice at once is written once, the second changing nothing. */
export async function insertSignatures(db: Db, rows: SignatureRow[]): Promise<number> {
  if (rows.length === 0) return 0;
  const at = nowIso();
  const written = await db
    .insertInto('agreement_signatures')
    .values(
      rows.map((row) => ({
        company_id: row.companyId,
        agreement_id: row.agreementId,
        client_id: row.clientId,
        version: row.version,
        text_sha256: row.textSha256,
        signature: row.signature,
        ip_address: row.ipAddress,
        user_agent: row.userAgent,
        signed_by: row.signedBy,
        signed_at: at,
      })),
    )
    .onConflict((oc) => oc.columns(['company_id', 'client_id', 'agreement_id', 'version']).doNothing())
    .executeTakeFirst();
  return Number(written.numInsertedOrUpdatedRows ?? 0);
}

export function findCompanyIdByCode(db: Db, code: string) {
  return db.selectFrom('companies').select('id').where('code', '=', code).executeTakeFirst();
}

export function findByIdOrName(db: Db, companyId: number, ref: string) {
  let q = db.selectFrom('agreements').select(['id', 'name', 'text', 'requires_signature', 'required', 'version']).where('company_id', '=', companyId);
  q = /^\d+$/.test(ref) ? q.where('id', '=', Number(ref)) : q.where('name', '=', ref);
  return q.executeTakeFirst();
}

/** A new current version: the agreement row moves to it and the text is kept beside the earlier ones. */
export function publishVersion(
  db: Db,
  companyId: number,
  agreementId: number,
  next: { name: string; text: string; textSha256: string; requiresSignature: boolean; publishedAt: string },
): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .updateTable('agreements')
      .set((eb) => ({
        version: eb('version', '+', 1),
        name: next.name,
        text: next.text,
        text_sha256: next.textSha256,
        requires_signature: next.requiresSignature ? 1 : 0,
        published_at: next.publishedAt,
        active: 1,
      }))
      .where('company_id', '=', companyId)
      .where('id', '=', agreementId)
      .returning('version')
      .executeTakeFirstOrThrow();
    await trx
      .insertInto('agreement_versions')
      .values({
        company_id: companyId,
        agreement_id: agreementId,
        version: row.version,
        name: next.name,
        text: next.text,
        text_sha256: next.textSha256,
        requires_signature: next.requiresSignature ? 1 : 0,
        published_at: next.publishedAt,
      })
      .execute();
    return row.version;
  });
}
