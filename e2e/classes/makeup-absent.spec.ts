import type { Page } from '@playwright/test';
import type { MakeupsAnswer, MakeupSessionsAnswer } from '@portal/shared/class-schemas';
import { expect, getJson, isMobile, signInViaApi, test } from '../support/fixtures.ts';

const shot = (page: Page, name: string) => page.screenshot({ path: test.info().outputPath(`${isMobile(page) ? 'phone' : 'desktop'}-${name}.png`), fullPage: true });

/** "dd/MM/yyyy", SPLASH's DateFormat. */
const splashDate = (date: string) => date.split('-').reverse().join('/');

test.describe('an absence from a booked make-up', () => {
  for (const tag of ['', ' @phone']) {
    test(`reads as absent on the make-ups list and on the child’s page${tag}`, async ({ page, ownWorld }) => {
      const world = await ownWorld();
      await signInViaApi(page, { code: world.company('SPLASH').code, email: world.email('parent') });
      const credit = (await getJson<MakeupsAnswer>(page, '/api/classes/get-makeups')).makeups.find((m) => m.Status === 'available' && m.StudentName === 'Noah Mitchell')!;
      const target = (await getJson<MakeupSessionsAnswer>(page, `/api/classes/get-makeup-sessions?makeup_id=${credit.MakeupID}`)).sessions.at(-1)!;
      expect((await page.request.post('/api/classes/book-makeup', { data: { makeup_id: credit.MakeupID, session_id: target.SessionID } })).ok()).toBe(true);
      const { reasons } = await getJson<{ reasons: { id: number; name: string }[] }>(page, `/api/classes/get-absence-reasons?session_id=${target.SessionID}&student_id=${credit.StudentID}`);
      const notified = await page.request.post('/api/classes/notify-absence', { data: { session_id: target.SessionID, student_id: credit.StudentID, reason_id: reasons[0]!.id } });
      expect(notified.ok()).toBe(true);

      await page.goto('/hub/classes/makeups');
      const row = page.getByTestId('makeup').filter({ hasText: `Booked into ${target.ClassName} on ${splashDate(target.Date)}` });
      await expect(row).toContainText(`Booked into ${target.ClassName} on ${splashDate(target.Date)} · Absent`);
      await expect(row).toContainText(`Absent – ${reasons[0]!.name}`);
      await shot(page, 'makeups');

      await page.goto(`/hub/students/${credit.StudentID}`);
      await page.getByRole('tab', { name: 'Enrollments' }).click();
      const card = page
        .getByRole('listitem')
        .filter({ has: page.getByRole('heading', { name: target.ClassName }) })
        .filter({ hasText: 'Make-up' });
      await expect(card).toContainText(`Next session:${splashDate(target.Date)} · Absent`);
      await shot(page, 'student');
    });
  }
});
