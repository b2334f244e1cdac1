import type { Db } from '../../db/database.ts';
import { BUNDLE_LIST_NAMES } from './bundle-entities.ts';
import { BundleValidationError, type BundleIssue } from './bundle-issues.ts';
import type { CompanyBundle } from './company-bundle.ts';
import { findCompanyConflicts, insertRows, insertRowsReturningIds } from './import.repository.ts';
import { bool, byKey, type ImportScope } from './import-scope.ts';

/**
 * Writes the company row and its form configuration, and answers its id. A code or customer id
 * already taken is refused inside the transaction, so two imports cannot both take it.
 */
export async function importCompany(trx: Db, bundle: CompanyBundle, now: string): Promise<number> {
  const { company } = bundle;
  const conflicts = await findCompanyConflicts(trx, company.code, company.customer_id);
  const taken: BundleIssue[] = [];
  if (conflicts.code) taken.push({ path: 'company.code', message: `A company with code ${company.code} already exists` });
  if (conflicts.customerId) taken.push({ path: 'company.customer_id', message: `A company with customer_id ${company.customer_id} already exists` });
  if (taken.length > 0) throw new BundleValidationError(taken);

  const [companyId] = await insertRowsReturningIds(trx, 'companies', [
    {
      customer_id: company.customer_id,
      company_details_id: company.company_details_id ?? company.customer_id,
      code: company.code,
      trading_name: company.trading_name,
      application: company.application,
      settings: JSON.stringify(company.config),
      created_at: now,
    },
  ]);
  if (companyId === undefined) throw new Error('The company row was not written');
  const company_id = companyId;

  if (bundle.form_configuration) {
    await insertRows(trx, 'form_configurations', [{ company_id, configuration: JSON.stringify(bundle.form_configuration), updated_at: now }]);
  }
  return company_id;
}

/** The company's lists, venues and lesson formats: what students and classes name. */
export async function importCompanySetup(trx: Db, scope: ImportScope, bundle: CompanyBundle) {
  const { companyId: company_id } = scope;
  const listRows = BUNDLE_LIST_NAMES.flatMap((list_name) =>
    bundle.lists[list_name].map((item, i) => ({
      company_id,
      list_name,
      display_name: item.name,
      ocr_field_value_id: item.ocr_field_value_id ?? null,
      active: bool(item.active),
      sort_order: i,
    })),
  );
  const listIdList = await insertRowsReturningIds(trx, 'list_items', listRows);
  const listIds = new Map(listRows.map((row, i) => [`${row.list_name}/${row.display_name}`, listIdList[i] as number]));
  const listId = (list: string, name: string | undefined) => (name === undefined || name === '' ? null : (listIds.get(`${list}/${name}`) ?? null));

  const venueIds = byKey(
    bundle.venues.map((v) => v.key),
    await insertRowsReturningIds(
      trx,
      'venues',
      bundle.venues.map((v) => ({ company_id, name: v.name, address: v.address, active: bool(v.active) })),
    ),
  );
  const formatIds = byKey(
    bundle.lesson_formats.map((f) => f.key),
    await insertRowsReturningIds(
      trx,
      'lesson_formats',
      bundle.lesson_formats.map((f) => ({ company_id, name: f.name, duration_minutes: f.duration_minutes, active: bool(f.active) })),
    ),
  );
  return { listId, venueIds, formatIds };
}
