import type { Db } from '../../db/database.ts';

/** The company's form configuration document as stored (JSON text), or undefined when it has none. */
export async function findFormConfiguration(db: Db, companyId: number): Promise<string | undefined> {
  const row = await db.selectFrom('form_configurations').select('configuration').where('company_id', '=', companyId).executeTakeFirst();
  return row?.configuration;
}

/** Replaces the company's form configuration document. */
export async function saveFormConfiguration(db: Db, companyId: number, configuration: string, updatedAt: string): Promise<void> {
  await db
    .insertInto('form_configurations')
    .values({ company_id: companyId, configuration, updated_at: updatedAt })
    .onConflict((oc) => oc.column('company_id').doUpdateSet({ configuration, updated_at: updatedAt }))
    .execute();
}
