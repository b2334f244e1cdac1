import type { PaymentAnswer } from '@portal/shared/payment-schemas';
import type { StudentListAnswer, StudentRecord } from '@portal/shared/student-schemas';
import { expect, getJson, isApiCall, signInViaApi, test } from '../support/fixtures.ts';
import { fillCard, TEST_CARDS } from '../support/commerce.ts';
import { dropClassesAndInvoices } from '../support/world.ts';

/** Two days of a holiday intensive for one child, each a place of its own: both in one cart, both paid, both the child's. */
test.describe('days of a holiday intensive', () => {
  for (const tag of ['', '@phone']) {
    test(`a second day is added beside the first, the day in the cart not offered again, and both are paid${tag ? ` ${tag}` : ''}`, async ({ page, ownWorld }) => {
      const world = await ownWorld(['SPLASH'], (_, bundle) => dropClassesAndInvoices(bundle, { classes: true }));
      await signInViaApi(page, { code: world.company('SPLASH').code, email: world.email('parent'), fresh: true });
      await page.goto('/hub/classes/add-enrollments/2');
      const intensive = page.getByTestId('class-result').filter({ hasText: 'Holiday intensive – Starfish' });
      const dialog = page.getByRole('dialog', { name: 'Add to cart' });
      const days: string[] = [];

      for (const n of [1, 2]) {
        await intensive.getByRole('button', { name: 'Add to cart' }).click();
        // The same child both times (the dialog would otherwise offer a brother or sister not yet in the cart for it).
        await dialog.getByRole('combobox', { name: 'Swimmer' }).selectOption({ label: 'Noah Mitchell' });
        await dialog.getByRole('radio', { name: 'One session (casual)' }).check();
        const date = dialog.getByRole('combobox', { name: 'Date' });
        if (n === 2) {
          // The first day is shown as in the cart and cannot be chosen; the next is chosen for the family.
          await expect(date.getByRole('option', { name: /\(in your cart\)$/ })).toBeDisabled();
          await expect(date).not.toHaveValue(days[0]!);
          await expect(dialog.getByText('Already in your cart.')).toHaveCount(0);
        }
        const checked = page.waitForRequest((r) => isApiCall(r, '/api/classes/validate-class-item', undefined, 'POST'));
        await dialog.getByRole('button', { name: 'Add to cart' }).click();
        days.push(((await checked).postDataJSON() as { dates: string[] }).dates[0]!);
        await page.getByRole('dialog', { name: 'Added to cart' }).getByRole('button', { name: 'Continue' }).click();
      }
      expect(new Set(days).size).toBe(2);
      if (tag) await page.screenshot({ path: test.info().outputPath('second-day-375.png'), fullPage: true });

      await page.goto('/hub/checkout');
      await expect(page.locator('tr[data-row-type="Class"]')).toHaveCount(2);
      const amount = (await page.getByTestId('amount-to-pay').textContent())!;
      await page.getByRole('button', { name: 'Proceed to Payment' }).click();
      await fillCard(page, TEST_CARDS.ok);
      const answer = page.waitForResponse((r) => isApiCall(r.request(), '/api/payment/checkout', undefined, 'POST') && r.ok());
      await page.getByRole('button', { name: `Pay ${amount}` }).click();
      expect(((await (await answer).json()) as PaymentAnswer).status).toBe('completed');
      await expect(page.getByRole('heading', { name: 'Payment Successful' })).toBeVisible();

      // Two places of one session each, the child's.
      const { students } = await getJson<StudentListAnswer>(page, '/api/student/get-all?page=1&limit=50');
      const records = await Promise.all(students.map((s) => getJson<StudentRecord>(page, `/api/student/${s.StudentID}`)));
      const places = records.flatMap((r) => r.bookedClasses.filter((c) => c.Kind === 'casual').map((c) => [c.StartDate, c.EndDate]));
      expect(places.sort()).toEqual([...days].sort().map((d) => [d, d]));
    });
  }
});
