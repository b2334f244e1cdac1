import type { StudentListAnswer } from '@portal/shared/student-schemas';
import { expect, expectAccessible, getJson, isMobile, signInViaApi, test } from '../support/fixtures.ts';

/** Issue 22 §5, decision 096: a parent moves a child to another class of the same level themselves, by keyboard alone. */
test.describe('changing class', () => {
  for (const tag of ['', '@phone']) {
    test(`Ella moves from Seahorse – Tuesday to Seahorse – Thursday: the choice with its start and price difference, then the move${tag ? ` ${tag}` : ''}`, async ({ page, ownWorld }) => {
      const world = await ownWorld(['SPLASH']);
      await signInViaApi(page, { code: world.company('SPLASH').code, email: world.email('parent'), fresh: true });
      const students = await getJson<StudentListAnswer>(page, '/api/student/get-all?page=1&limit=10');
      const ella = students.students.find((s) => s.FirstName === 'Ella')!;
      await page.goto(`/hub/students/${ella.StudentID}?tab=Enrollments`);

      const open = page.getByRole('button', { name: 'Change class: Seahorse – Tuesday' });
      await expect(open).toBeVisible();
      await open.focus();
      await page.keyboard.press('Enter');
      const dialog = page.getByRole('dialog', { name: "Change Ella's class" });
      await expect(dialog).toBeVisible();
      // Seahorse – Saturday is Ella's already: only Thursday is offered.
      const thursday = dialog.getByRole('radio', { name: /Seahorse – Thursday/ });
      await expect(thursday).toBeVisible();
      await expect(dialog.getByRole('radio')).toHaveCount(1);
      await expect(dialog.getByText(/more to pay|back as credit|Same price/)).toBeVisible();
      await expectAccessible(page);
      await page.screenshot({ path: test.info().outputPath(`change-class-${isMobile(page) ? 375 : 1280}.png`), fullPage: true });

      // Keyboard only: to the choice, choose it, on to the move button.
      await thursday.focus();
      await page.keyboard.press('Space');
      await expect(thursday).toBeChecked();
      const moveButton = dialog.getByRole('button', { name: 'Move to Seahorse – Thursday' });
      await moveButton.focus();
      await page.keyboard.press('Enter');

      const done = page.getByRole('dialog', { name: 'Class changed' });
      await expect(done.getByRole('status')).toContainText(/Ella moves to Seahorse – Thursday from \d\d\/\d\d\/\d{4}\./);
      await page.screenshot({ path: test.info().outputPath(`class-changed-${isMobile(page) ? 375 : 1280}.png`), fullPage: true });
      await done.getByRole('button', { name: /^(Done|Later)$/ }).click();

      // The student's classes: Thursday now, Tuesday until the day before it starts.
      const panel = page.getByRole('tabpanel');
      await expect(panel.getByRole('button', { name: 'Change class: Seahorse – Thursday' })).toBeVisible();
      await expect(panel.getByRole('button', { name: 'Change class: Seahorse – Tuesday' })).toHaveCount(0);
      await expect(panel.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Seahorse – Tuesday' }) })).toContainText(/Until \d\d\/\d\d\/\d{4}/);
    });
  }
});
