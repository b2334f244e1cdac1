import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ClassSearchAnswer } from '@portal/shared/class-schemas';
import type { CompanyBundleInput } from '../modules/import/import.api.ts';
import { Browser, startTestApp, type TestApp } from '../test/api-harness.ts';
import { demoBundles } from './demo-bundles.ts';

/**
 * Splash's two registrations with classes, as a swim school runs them: the term enrolment lists
 * the term's weekly classes, the school holiday intensive its holiday classes (decision 134), and
 * each class carries a lesson format as long as the class.
 */
describe('the demo’s classes under its registration profiles', () => {
  const splash = (demoBundles() as CompanyBundleInput[]).find((b) => b.company.code === 'SPLASH')!;
  let t: TestApp;
  let parent: Browser;
  beforeAll(async () => {
    t = await startTestApp('sqlite');
    parent = new Browser(t.server);
    await parent.signIn('SPLASH', 'parent@example.com');
  });
  afterAll(() => t.close());

  const namesUnder = async (profile: number) => (await parent.post<ClassSearchAnswer>('/api/classes', { ocr_profile_id: profile, limit: 100 })).body.classes.map((c) => c.Name);

  it('list the term’s classes under the term enrolment and the holiday classes under the holiday intensive', async () => {
    const term = await namesUnder(1);
    const holiday = await namesUnder(2);
    expect(holiday).toEqual(['Holiday intensive – Starfish']);
    expect(term.length).toBeGreaterThan(10);
    expect(term.filter((name) => name.startsWith('Holiday'))).toEqual([]);
  });

  it('give each class a lesson format that lasts as long as the class', () => {
    const formats = new Map((splash.lesson_formats ?? []).map((f) => [f.key, f]));
    for (const cls of splash.classes ?? []) {
      const format = formats.get(cls.lesson_format!)!;
      expect(format, cls.name).toBeDefined();
      expect(cls.duration_minutes ?? format.duration_minutes, `${cls.name}: ${format.name}`).toBe(format.duration_minutes);
    }
    expect(formats.get(splash.classes!.find((c) => c.name === 'Holiday intensive – Starfish')!.lesson_format!)!.name).toBe('Holiday intensive (45 min)');
  });
});
