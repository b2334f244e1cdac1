import type { Page } from '@playwright/test';
import { expect, isApiCall, isMobile, signInViaApi, test } from '../support/fixtures.ts';

const shot = (page: Page, name: string) => page.screenshot({ path: test.info().outputPath(`${isMobile(page) ? 'phone' : 'desktop'}-${name}.png`) });

/** Decision 142: a mis-tap put right before the cut-off, by the family itself. */
test.describe('an absence withdrawn and a make-up cancelled', () => {
  for (const tag of ['', ' @phone']) {
    test(`Ella's booked make-up cancelled, her credit free again; an absence notified, then withdrawn${tag}`, async ({ page, ownWorld }) => {
      const world = await ownWorld(['SPLASH']);
      await signInViaApi(page, { code: world.company('SPLASH').code, email: world.email('parent') });

      await test.step('the demo make-up, booked into next week’s Thursday class, is cancelled', async () => {
        await page.goto('/hub/classes/makeups');
        const row = page.getByTestId('makeup').filter({ hasText: 'Booked into Seahorse – Thursday' });
        await expect(row).toHaveCount(1);
        await row.getByRole('button', { name: /^Cancel make-up: Ella Mitchell, \d\d\/\d\d\/\d{4}$/ }).click();
        const ask = page.getByRole('dialog', { name: 'Cancel this make-up?' });
        await expect(ask).toContainText(/The place is given up\. The credit can be booked again until \d\d\/\d\d\/\d{4}\./);
        await shot(page, 'cancel-makeup');
        const sent = page.waitForResponse((r) => isApiCall(r.request(), '/api/classes/cancel-makeup', undefined, 'POST'));
        await ask.getByRole('button', { name: 'Cancel make-up' }).click();
        expect((await sent).status()).toBe(200);
        const done = page.getByRole('dialog', { name: 'Make-up cancelled' });
        await expect(done).toContainText(/The credit can be booked again until \d\d\/\d\d\/\d{4}\./);
        await done.getByRole('button', { name: 'Continue' }).click();
        await expect(page.getByTestId('makeup').filter({ hasText: 'Booked into' })).toHaveCount(0);
        // The credit is Ella's to book again.
        await expect(page.getByTestId('makeup').filter({ hasText: 'Ella Mitchell' }).getByRole('link', { name: 'Book make-up' })).toHaveCount(2);
      });

      await test.step('an absence notified for Saturday is withdrawn, and the session offers Notify absence again', async () => {
        await page.goto('/hub/classes/notify-absences');
        const card = page.getByTestId('enrolment').filter({ hasText: 'Seahorse – Saturday' });
        const sessions = card.getByRole('list', { name: 'Sessions of Seahorse – Saturday' });
        const first = sessions.getByRole('button', { name: /^Notify absence/ }).first();
        const label = (await first.getAttribute('aria-label'))!;
        const when = label.replace('Notify absence: ', '');
        await first.click();
        const reasons = page.getByRole('dialog', { name: 'Reason for absence' });
        await reasons.getByLabel('Reason').selectOption({ label: 'Illness' });
        await reasons.getByRole('button', { name: 'Notify absence' }).click();
        await page.getByRole('dialog', { name: 'Absence notified' }).getByRole('button', { name: 'Continue' }).click();

        const withdraw = sessions.getByRole('button', { name: `Withdraw absence: ${when}` });
        await expect(withdraw).toBeVisible();
        if (isMobile(page)) expect((await withdraw.boundingBox())!.height).toBeGreaterThanOrEqual(40);
        await withdraw.click();
        const ask = page.getByRole('dialog', { name: 'Withdraw this absence?' });
        await expect(ask).toContainText('Ella Mitchell is expected at the session after all. A make-up credit the absence earned is removed with it.');
        await shot(page, 'withdraw-absence');
        await ask.getByRole('button', { name: 'Withdraw absence' }).click();
        const done = page.getByRole('dialog', { name: 'Absence withdrawn' });
        await expect(done).toContainText(/Ella Mitchell is expected at Seahorse – Saturday on \d\d\/\d\d\/\d{4}\./);
        await done.getByRole('button', { name: 'Continue' }).click();
        await expect(sessions.getByRole('button', { name: label })).toBeVisible();
        await expect(sessions.getByRole('button', { name: /^Withdraw absence/ })).toHaveCount(0);
      });
    });
  }
});
