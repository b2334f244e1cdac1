import { sql, type Kysely } from 'kysely';

/** The students' columns naming one item of a list. */
const SINGLE_REFS = ['standard_id', 'referral_source_id', 'school_id'] as const;

/**
 * A list never holds the same active name twice, case and surrounding spaces aside (decision 131),
 * so two families typing the same new condition at once add it once. Active items already named
 * alike are merged first: the oldest is kept, the students naming the others name it instead, and
 * the others are made inactive (not deleted, so nothing holding their id is left pointing nowhere).
 */
export function listItemNamesUnique() {
  return {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run against the schema as it was then
    async up(db: Kysely<any>): Promise<void> {
      // Named alike as the index below compares names, so that it finds no two left.
      const items: { id: number | string; company_id: number | string; list_name: string; name_key: string }[] = await db
        .selectFrom('list_items')
        .select(['id', 'company_id', 'list_name', sql<string>`lower(trim(display_name))`.as('name_key')])
        .where('active', '=', 1)
        .orderBy('id')
        .execute();
      const keeperOf = new Map<string, number>();
      /** Each company's duplicates, as duplicate id → the kept item's id. */
      const merged = new Map<number, Map<number, number>>();
      for (const item of items) {
        const id = Number(item.id);
        const companyId = Number(item.company_id);
        const key = JSON.stringify([companyId, item.list_name, item.name_key]);
        const keeper = keeperOf.get(key);
        if (keeper === undefined) keeperOf.set(key, id);
        else merged.set(companyId, (merged.get(companyId) ?? new Map<number, number>()).set(id, keeper));
      }

      for (const [companyId, keepers] of merged) {
        const duplicates = [...keepers.keys()];
        for (const [duplicate, keeper] of keepers) {
          for (const column of SINGLE_REFS) {
            await db.updateTable('students').set({ [column]: keeper }).where('company_id', '=', companyId).where(column, '=', duplicate).execute();
          }
        }
        const ticked: { id: number | string; medical_condition_ids: string }[] = await db
          .selectFrom('students')
          .select(['id', 'medical_condition_ids'])
          .where('company_id', '=', companyId)
          .where('medical_condition_ids', 'is not', null)
          .where('medical_condition_ids', '<>', '')
          .execute();
        for (const s of ticked) {
          const ids = s.medical_condition_ids.split(',').filter((p) => p !== '');
          const mapped = [...new Set(ids.map((p) => keepers.get(Number(p)) ?? Number(p)))].sort((a, b) => a - b).join(',');
          if (mapped !== s.medical_condition_ids) await db.updateTable('students').set({ medical_condition_ids: mapped }).where('id', '=', s.id).execute();
        }
        await db.updateTable('list_items').set({ active: 0 }).where('id', 'in', duplicates).execute();
      }

      await sql`create unique index list_items_active_name on list_items (company_id, list_name, lower(trim(display_name))) where active = 1`.execute(db);
    },
  };
}
