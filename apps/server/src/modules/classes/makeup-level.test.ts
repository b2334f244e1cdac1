import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { classMessages, type MakeupSessionsAnswer, type MakeupsAnswer } from '@portal/shared/class-schemas';
import { Browser, changeCompanySettings, EXAMPLE_PASSWORD, importBundle, startTestApp, testEngines, type CompanyBundleInput, type TestApp } from '../../test/api-harness.ts';

const weekly = { weeks_before: 4, weeks_after: 6 };

/** A swim school with a Starfish swimmer who missed a Thursday Starfish lesson, and classes of another level and of none. */
function makeupBundle(code: string, email: string): CompanyBundleInput {
  return {
    version: 1,
    company: {
      code,
      customer_id: 100_000 + randomBytes(3).readUIntBE(0, 3),
      trading_name: 'Level Swim',
      config: {
        CompanyDisplayName: 'Level Swim',
        ServerLocation: 'AU',
        switches: { CustomerPortalActive: true, CanTakeMakeups: true },
        localization: { CountryCode: 'AU', DateFormat: 'dd/MM/yyyy', CurrencySymbol: '$', PaperSize: 'A4', TimeZoneRegion: 'Australia', TimeZoneCity: 'Sydney' },
        global_settings: { OCR_Version: 2 },
        colors: { 50: '#ecfeff', 100: '#cffafe', 200: '#a5f3fc', 300: '#67e8f9', 400: '#22d3ee', 500: '#06b6d4', 600: '#0891b2', 700: '#0e7490', 800: '#155e75', 900: '#164e63', 950: '#083344' },
      },
    },
    lists: { standards: [{ name: 'Starfish' }, { name: 'Squad' }] },
    venues: [{ key: 'main', name: 'Harbour Pool' }],
    lesson_formats: [{ key: 'group30', name: 'Group lesson (30 min)', duration_minutes: 30 }],
    customers: [
      {
        email,
        password: EXAMPLE_PASSWORD,
        clients: [
          {
            key: 'jo',
            first_name: 'Jo',
            last_name: 'Bennett',
            phone_mobile: '0400111222',
            students: [{ key: 'sam', first_name: 'Sam', last_name: 'Bennett', dob: '2018-04-02', standard: 'Starfish' }],
          },
        ],
      },
    ],
    classes: [
      {
        key: 'thu-starfish',
        name: 'Starfish – Thursday',
        lesson_format: 'group30',
        venue: 'main',
        day_of_week: 4,
        start_time: '16:00',
        standard: 'Starfish',
        sessions: weekly,
        enrolments: [{ student: 'jo/sam', start_date: 'today-28', absences: [{ week: -1, reason: 'Illness', makeup_credit: true }] }],
      },
      { key: 'mon-starfish', name: 'Starfish – Monday', lesson_format: 'group30', venue: 'main', day_of_week: 1, start_time: '16:00', standard: 'Starfish', sessions: weekly },
      { key: 'tue-squad', name: 'Squad – Tuesday', lesson_format: 'group30', venue: 'main', day_of_week: 2, start_time: '16:00', standard: 'Squad', sessions: weekly },
      { key: 'wed-open', name: 'Open – Wednesday', lesson_format: 'group30', venue: 'main', day_of_week: 3, start_time: '16:00', sessions: weekly },
    ],
  } as CompanyBundleInput;
}

describe.each(testEngines())('make-ups of the student’s level (decision 076) on %s', (engine) => {
  let t: TestApp;
  const db = () => t.runtime.ctx.db;
  beforeAll(async () => {
    t = await startTestApp(engine);
  });
  afterAll(() => t.close());

  async function family() {
    const code = `MU${randomBytes(3).toString('hex').toUpperCase()}`;
    const email = `jo.${code.toLowerCase()}@example.com`;
    const companyId = await importBundle(t, makeupBundle(code, email));
    const browser = new Browser(t.server);
    await browser.signIn(code, email, EXAMPLE_PASSWORD);
    const makeups = await browser.get<MakeupsAnswer>('/api/classes/get-makeups');
    expect(makeups.status, JSON.stringify(makeups.body)).toBe(200);
    const credit = makeups.body.makeups.find((m) => m.Status === 'available')!;
    const sessions = async () => {
      const res = await browser.get<MakeupSessionsAnswer>(`/api/classes/get-makeup-sessions?makeup_id=${credit.MakeupID}`);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body.sessions;
    };
    /** The next session of a class that is still to come (the day after tomorrow or later). */
    const sessionOf = async (name: string) => {
      const after = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);
      return db()
        .selectFrom('class_sessions as s')
        .innerJoin('classes as c', 'c.id', 's.class_id')
        .select(['s.id', 's.class_id'])
        .where('s.company_id', '=', companyId)
        .where('c.name', '=', name)
        .where('s.date', '>', after)
        .orderBy('s.date')
        .executeTakeFirstOrThrow();
    };
    const placesIn = async (classId: number) => (await db().selectFrom('enrolments').select('id').where('company_id', '=', companyId).where('class_id', '=', classId).execute()).length;
    const creditUsed = async () => (await db().selectFrom('makeup_credits').select('used_at').where('id', '=', credit.MakeupID).executeTakeFirstOrThrow()).used_at !== null;
    return { browser, companyId, credit, sessions, sessionOf, placesIn, creditUsed };
  }

  it('the credit names the level it is for, and its sessions are of that level or of none, never the class the student is in', async () => {
    const { credit, sessions } = await family();
    expect(credit).toMatchObject({ StudentName: 'Sam Bennett', MissedClass: 'Starfish – Thursday', Level: 'Starfish' });
    const names = new Set((await sessions()).map((s) => s.ClassName));
    expect([...names].sort()).toEqual(['Open – Wednesday', 'Starfish – Monday']);
  });

  it('refuses a make-up in a class of another level with MAKEUP_LEVEL, and writes nothing', async () => {
    const { browser, credit, sessionOf, placesIn, creditUsed } = await family();
    const squad = await sessionOf('Squad – Tuesday');
    const refused = await browser.post('/api/classes/book-makeup', { makeup_id: credit.MakeupID, session_id: squad.id });
    expect(refused).toMatchObject({ status: 422, body: { code: 'MAKEUP_LEVEL', message: classMessages.makeupLevel } });
    expect(await placesIn(squad.class_id)).toBe(0);
    expect(await creditUsed()).toBe(false);

    const monday = await sessionOf('Starfish – Monday');
    expect((await browser.post('/api/classes/book-makeup', { makeup_id: credit.MakeupID, session_id: monday.id })).status).toBe(200);
    expect(await creditUsed()).toBe(true);
  });

  it('a student the school has given no level makes up at the level of the class missed', async () => {
    const { companyId, sessions } = await family();
    await db().updateTable('students').set({ standard: '', standard_id: null }).where('company_id', '=', companyId).execute();
    expect(new Set((await sessions()).map((s) => s.ClassName))).toEqual(new Set(['Open – Wednesday', 'Starfish – Monday']));
  });

  it('with MakeupLevels AnyLevel, every level is offered and can be booked', async () => {
    const { browser, companyId, credit, sessions, sessionOf } = await family();
    await changeCompanySettings(t, companyId, (settings) => {
      settings.classes_setup = { ...settings.classes_setup, MakeupLevels: 'AnyLevel' };
    });
    const makeups = (await browser.get<MakeupsAnswer>('/api/classes/get-makeups')).body.makeups;
    expect(makeups.find((m) => m.MakeupID === credit.MakeupID)?.Level).toBeNull();
    expect(new Set((await sessions()).map((s) => s.ClassName))).toEqual(new Set(['Open – Wednesday', 'Starfish – Monday', 'Squad – Tuesday']));
    const squad = await sessionOf('Squad – Tuesday');
    expect((await browser.post('/api/classes/book-makeup', { makeup_id: credit.MakeupID, session_id: squad.id })).status).toBe(200);
  });
});
