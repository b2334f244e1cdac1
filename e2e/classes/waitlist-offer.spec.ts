import type { WaitlistAnswer } from '@portal/shared/class-schemas';
import { expect, getJson, signInViaApi, test } from '../support/fixtures.ts';
import { budgetSteps } from '../support/budget.ts';
import { fillCard, TEST_CARDS } from '../support/commerce.ts';
import { waitlistOfferLinkPath } from '../support/mail.ts';
import { addPlaces, fillClass, sweepWaitlistsNow } from '../support/waitlist.ts';

/**
 * Issue 22 §4: a family on a full class's waitlist is offered the place that frees, by e-mail;
 * from the e-mail's link it takes the held place into its cart and pays for it.
 */
test.describe('a waitlist place offered by e-mail', () => {
  test('the family joins the waitlist of a full class, is offered the freed place by e-mail, and takes it from the link', async ({ page, ownWorld }) => {
    // The import, the sign-in, 8 screens (classes, the dialog, the mail, classes again, the waitlist, checkout, payment, success) and a screenshot.
    budgetSteps(11);
    const world = await ownWorld(['SPLASH']);
    const splash = world.company('SPLASH');
    const email = world.email('parent');
    await fillClass(splash.code, 'Dolphin – Monday');
    await signInViaApi(page, { code: splash.code, email, fresh: true });

    await page.goto('/hub/classes/add-enrollments/1');
    const dolphin = page.getByTestId('class-result').filter({ hasText: 'Dolphin – Monday' });
    await dolphin.getByRole('button', { name: 'Join waitlist' }).click();
    const dialog = page.getByRole('dialog', { name: 'Join waitlist' });
    await dialog.getByRole('combobox').first().selectOption({ label: 'Noah Mitchell' });
    await dialog.getByRole('button', { name: 'Join waitlist' }).click();
    await expect(page.getByRole('dialog', { name: 'Added to the waitlist' })).toBeVisible();

    // A place frees (the school adds one), and the minute's sweep offers it to the first family waiting.
    await addPlaces(splash.code, 'Dolphin – Monday', 1);
    await sweepWaitlistsNow();
    const link = await waitlistOfferLinkPath(email, 'Dolphin – Monday');
    expect(link).toBe('/hub/classes');

    // The class list shows the family the class it was offered with "Add to cart", for the child offered.
    await page.goto('/hub/classes/add-enrollments/1');
    const offered = page.getByTestId('class-result').filter({ hasText: 'Dolphin – Monday' });
    await expect(offered.getByRole('button', { name: 'Add to cart' })).toBeVisible();
    await expect(offered.getByText('A place is held for Noah Mitchell')).toBeVisible();
    await offered.screenshot({ path: test.info().outputPath('class-offered.png') });

    await page.goto(link);
    const offer = page.getByRole('region', { name: 'Waitlist' }).getByRole('listitem').filter({ hasText: 'Dolphin – Monday' });
    await expect(offer.getByText(/^A place is held for you until /)).toBeVisible();
    await page.screenshot({ path: test.info().outputPath('waitlist-offer.png'), fullPage: true });
    await offer.getByRole('button', { name: 'Add to cart' }).click();
    await expect(page).toHaveURL(/\/hub\/checkout$/);
    await expect(page.getByRole('region', { name: /^Held for you until/ })).toBeVisible();
    const amount = await page.getByTestId('amount-to-pay').textContent();
    await page.getByRole('button', { name: 'Proceed to Payment' }).click();
    await fillCard(page, TEST_CARDS.ok);
    await page.getByRole('button', { name: `Pay ${amount}` }).click();
    await expect(page.getByRole('heading', { name: 'Payment Successful' })).toBeVisible();

    // The waitlist place ended with the place bought: the family's waitlist is empty.
    expect((await getJson<WaitlistAnswer>(page, '/api/classes/get-waitlist')).entries).toEqual([]);
  });
});
