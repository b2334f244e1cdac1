import type { CompanyBundleInput } from '../modules/import/import.api.ts';
import { demoBundles } from '../seed/demo-bundles.ts';

/** A demo bundle as a release before migration 048 imported it: its classes named no registration profiles. */
export function demoBundleBeforeClassProfiles(index: number): CompanyBundleInput {
  const bundle = structuredClone(demoBundles()[index]) as CompanyBundleInput;
  for (const cls of bundle.classes ?? []) cls.profiles = [];
  return bundle;
}
