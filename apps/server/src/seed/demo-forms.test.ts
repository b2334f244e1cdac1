import { describe, expect, it } from 'vitest';
import { formConfigurationSchema, selectFormFields, type FormKind } from '@portal/shared/form-config';
import type { CompanyBundleInput } from '../modules/import/import.api.ts';
import { demoBundles } from './demo-bundles.ts';

/**
 * E20: a newcomer trying any demo company meets custom fields of all four types (free text,
 * single and multiple selection, yes or no) on its customer and student forms: on My Details and
 * the student pages, and on each registration profile's forms.
 */
describe('the demo companies’ forms (E20)', () => {
  const active = (demoBundles() as CompanyBundleInput[]).filter((b) => b.company.config.switches?.CustomerPortalActive);

  it('are those of every company whose portal is open', () => {
    expect(active.map((b) => b.company.code)).toEqual(['SPLASH', 'ACE', 'THAMES']);
  });

  for (const kind of ['customer', 'student'] as const satisfies FormKind[]) {
    it(`offer custom fields of all four types on the ${kind} form, in the hub and in every registration profile`, () => {
      for (const bundle of active) {
        const configuration = formConfigurationSchema.parse(bundle.form_configuration ?? {});
        const profiles = [undefined, ...(bundle.company.config.profiles ?? []).map((p) => p.OCRProfileID)];
        for (const profile of profiles) {
          const fields = selectFormFields(configuration, kind, profile);
          const types = [...new Set(fields.custom_fields.filter((f) => f.Enabled).map((f) => f.custom_field.FieldType))].sort();
          expect(types, `${bundle.company.code} ${kind} form, profile ${String(profile)}`).toEqual([0, 1, 2, 3]);
        }
      }
    });
  }
});
