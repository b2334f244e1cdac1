import fs from 'node:fs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestDatabase, testEngines, type TestDatabase } from '../../test/test-db.ts';
import { closestName, configWarnings } from './config-warnings.ts';
import { BundleValidationError } from './bundle-issues.ts';
import { importCompanyBundle } from './import.service.ts';

const EXAMPLE_FILE = new URL('../../../../../docs/examples/company-bundle.example.json', import.meta.url);
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = any;
const loadExample = (): Json => JSON.parse(fs.readFileSync(EXAMPLE_FILE, 'utf8'));
const TODAY = '2026-03-10';

/** The example with a code and customer id of its own, so each test's company is its own. */
let serial = 0;
function bundle(change: (b: Json) => void): Json {
  const b = loadExample();
  serial++;
  b.company.code = `WARN${serial}`;
  b.company.customer_id = 880_000 + serial;
  change(b);
  return b;
}

describe('configWarnings', () => {
  it('names each unknown field inside config with its path and the closest known name', () => {
    const input = bundle((b) => {
      b.company.config.switches.EnableMesages = true;
      b.company.config.global_settings.NavBarShade = 'Dark';
      b.company.config.profiles = [{ OCRProfileID: 1, ProfileName: 'Swim', DisplayName: 'Swim', AutoEnrol: true }];
      b.company.config.Colour = '#123456';
      b.company.config.zzzzzz = 1;
    });
    const byPath = (a: { path: string }, b: { path: string }) => a.path.localeCompare(b.path);
    expect(configWarnings(input).sort(byPath)).toEqual(
      [
        { path: 'company.config.switches.EnableMesages', message: 'Unknown field (did you mean EnableMessages?)' },
        { path: 'company.config.global_settings.NavBarShade', message: 'Unknown field (did you mean NavBarShading?)' },
        { path: 'company.config.profiles.0.AutoEnrol', message: 'Unknown field (did you mean AutoEnroll?)' },
        { path: 'company.config.Colour', message: 'Unknown field (did you mean colors?)' },
        { path: 'company.config.zzzzzz', message: 'Unknown field' },
      ].sort(byPath),
    );
  });

  it('warns about a font outside the self-hosted set, and not about one inside it in any case', () => {
    expect(configWarnings(bundle((b) => (b.company.config.global_settings.Font = 'Comic Sans MS')))).toEqual([
      {
        path: 'company.config.global_settings.Font',
        message: expect.stringContaining('"Comic Sans MS" is not one of the portal\'s fonts (Inter, Montserrat, Roboto'),
      },
    ]);
    expect(configWarnings(bundle((b) => (b.company.config.global_settings.Font = 'playfair display')))).toEqual([]);
    expect(configWarnings(bundle((b) => (b.company.config.global_settings.Font = 'monsterrat')))).toEqual([]);
  });

  it('warns about a profile with a class step that skips students, and not about one without (NoClasses or another page type)', () => {
    const bundle = {
      company: {
        config: {
          profiles: [
            { OCRProfileID: 1, ProfileName: 'a', DisplayName: 'A', SkipStudents: true },
            { OCRProfileID: 2, ProfileName: 'b', DisplayName: 'B', SkipStudents: true, PageType: 'NoClasses' },
            { OCRProfileID: 3, ProfileName: 'c', DisplayName: 'C', SkipStudents: true, PageType: 'Trial' },
          ],
        },
      },
    };
    expect(configWarnings(bundle)).toEqual([
      { path: 'company.config.profiles.0.SkipStudents', message: 'A profile with a class step needs students: with SkipStudents its registrations cannot be submitted (use PageType NoClasses)' },
    ]);
  });

  it('has nothing to say about the documented example', () => {
    expect(configWarnings(loadExample())).toEqual([]);
  });

  it('suggests only a name that is close', () => {
    expect(closestName('ShowFinancialTab', ['ShowFinancialsTab', 'ShowBookingsTab'])).toBe('ShowFinancialsTab');
    expect(closestName('Banana', ['ShowFinancialsTab', 'ShowBookingsTab'])).toBeNull();
  });
});

describe.each(testEngines())('importing a bundle with warnings on %s', (engine) => {
  let t: TestDatabase;
  beforeEach(async () => {
    t = await createTestDatabase(engine);
  });
  afterEach(async () => {
    await t.drop();
  });

  it('imports it and answers the warnings', async () => {
    const input = bundle((b) => (b.company.config.switches.EnableMesages = true));
    const { code, warnings } = await importCompanyBundle(t.db, input, { today: TODAY });
    expect(code).toBe(input.company.code);
    expect(warnings).toEqual([{ path: 'company.config.switches.EnableMesages', message: 'Unknown field (did you mean EnableMessages?)' }]);
    expect(await t.db.selectFrom('companies').select('code').where('code', '=', code).executeTakeFirst()).toEqual({ code });
  });

  it('refuses it with strict, writing nothing', async () => {
    const input = bundle((b) => (b.company.config.global_settings.Font = 'Papyrus'));
    const refused = await importCompanyBundle(t.db, input, { today: TODAY, strict: true }).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(BundleValidationError);
    expect((refused as BundleValidationError).issues).toEqual([{ path: 'company.config.global_settings.Font', message: expect.stringContaining('"Papyrus"') }]);
    const row = await t.db
      .selectFrom('companies')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(row.n)).toBe(0);
  });
});
