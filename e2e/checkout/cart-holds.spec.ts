import type { Availability } from '@portal/shared/bookings-schemas';
import { expect, getJson, isMobile, registerViaApi, signInViaApi, test, uniqueEmail } from '../support/fixtures.ts';
import { addClassToCart, fillCard, TEST_CARDS } from '../support/commerce.ts';
import { lapseCartHolds } from '../support/holds.ts';
import { fillClass } from '../support/waitlist.ts';
import { chooseFirstFreeTime } from '../support/bookings.ts';

/** Issue 22 §2, decision 095: a court added to the cart is held while the family pays, and nobody else can take it. */
test.describe('places held from the cart', () => {
  for (const tag of ['', '@phone']) {
    test(`a court added to the cart is held with a countdown, is not free for another family, and is bought${tag ? ` ${tag}` : ''}`, async ({ page, browser, ownWorld }) => {
      const world = await ownWorld(['ACE']);
      await signInViaApi(page, { code: world.company('ACE').code, email: world.email('parent'), fresh: true });
      await page.goto('/hub/bookings/add');
      await chooseFirstFreeTime(page);
      const held = page.waitForResponse((r) => r.url().endsWith('/api/payment/cart-holds') && r.request().method() === 'PUT');
      await page.getByRole('button', { name: 'Add to cart' }).click();
      const answer = (await (await held).json()) as { courts: { date: string; time: string; court: string; heldUntil: string }[] };
      expect(answer.courts).toHaveLength(1);
      const slot = answer.courts[0]!;

      await test.step('the cart says until when the court is held and counts down', async () => {
        await page.goto('/hub/checkout');
        const notice = page.getByRole('region', { name: /^Held for you until \d\d:\d\d [AP]M \([A-Za-z ]+ time\)$/ });
        await expect(notice).toBeVisible();
        const timer = notice.getByRole('timer');
        await expect(timer).toHaveText(/^(10 min|9 min( \d{1,2} s)?)$/);
        const first = await timer.textContent();
        await expect(timer).not.toHaveText(first!);
        await page.screenshot({ path: test.info().outputPath(`cart-held-${isMobile(page) ? 375 : 1280}.png`), fullPage: true });
      });

      await test.step('another family sees the court taken while it is held', async () => {
        const other = await browser.newContext({ baseURL: test.info().project.use.baseURL });
        const rival = await other.newPage();
        const email = uniqueEmail('rival');
        await registerViaApi(rival, { code: world.company('ACE').code, email });
        await signInViaApi(rival, { code: world.company('ACE').code, email });
        const free = await getJson<Availability>(rival, `/api/bookings/availability?venue_id=1&booking_type_id=1&date=${slot.date}`);
        expect(free.slots.find((s) => s.time === slot.time)?.freeCourts ?? []).not.toContain(slot.court);
        await other.close();
      });

      await test.step('the family on another device (its cart empty) adds the same court: the same hold, held afresh', async () => {
        const device = await browser.newContext({ baseURL: test.info().project.use.baseURL });
        const second = await device.newPage();
        await signInViaApi(second, { code: world.company('ACE').code, email: world.email('parent'), fresh: true });
        await second.goto('/hub/bookings/add');
        // The family's own hold is free to it: the first free time and court are the ones held.
        const court = await chooseFirstFreeTime(second);
        await expect(court).toHaveAccessibleName(new RegExp(`^${slot.court} at `));
        const checked = second.waitForResponse((r) => r.url().endsWith('/api/bookings/check'));
        const again = second.waitForResponse((r) => r.url().endsWith('/api/payment/cart-holds') && r.request().method() === 'PUT');
        await second.getByRole('button', { name: 'Add to cart' }).click();
        expect((await checked).status()).toBe(200);
        const renewed = (await (await again).json()) as { courts: { time: string; court: string; heldUntil: string }[]; refused: unknown[] };
        expect(renewed.refused).toEqual([]);
        expect(renewed.courts).toEqual([expect.objectContaining({ time: slot.time, court: slot.court })]);
        expect(Date.parse(renewed.courts[0]!.heldUntil)).toBeGreaterThanOrEqual(Date.parse(slot.heldUntil));
        await expect(second.getByText('Sorry, that court has just been booked. Please choose another time or court.')).toHaveCount(0);
        await device.close();
      });

      await test.step('the payment page keeps the countdown, and paying buys the held court', async () => {
        const amount = await page.getByTestId('amount-to-pay').textContent();
        await page.getByRole('button', { name: 'Proceed to Payment' }).click();
        await expect(page.getByRole('region', { name: /^Held for you until/ }).getByRole('timer')).toBeVisible();
        await fillCard(page, TEST_CARDS.ok);
        await page.getByRole('button', { name: `Pay ${amount}` }).click();
        await expect(page.getByRole('heading', { name: 'Payment Successful' })).toBeVisible();
        const after = await getJson<{ classes: unknown[]; courts: unknown[] }>(page, '/api/payment/cart-holds');
        expect(after.courts).toEqual([]);
      });
    });
  }

  test('two tabs of one browser keep one cart: a court added in one shows in the other, and adding another there holds both', async ({ page, ownWorld }) => {
    const world = await ownWorld(['ACE']);
    await signInViaApi(page, { code: world.company('ACE').code, email: world.email('parent'), fresh: true });
    const tab = await page.context().newPage();
    try {
      await tab.goto('/hub/bookings/add');
      await page.goto('/hub/bookings/add');
      await chooseFirstFreeTime(page);
      const first = page.waitForResponse((r) => r.url().endsWith('/api/payment/cart-holds') && r.request().method() === 'PUT');
      await page.getByRole('button', { name: 'Add to cart' }).click();
      expect(((await (await first).json()) as { courts: unknown[] }).courts).toHaveLength(1);

      // The other tab, opened before, shows the court in its cart without a reload.
      await expect(tab.getByRole('link', { name: 'Cart, 1 item' })).toBeVisible();
      await chooseFirstFreeTime(tab, 3);
      const both = tab.waitForResponse((r) => r.url().endsWith('/api/payment/cart-holds') && r.request().method() === 'PUT');
      await tab.getByRole('button', { name: 'Add to cart' }).click();
      await expect(page.getByRole('link', { name: 'Cart, 2 items' })).toBeVisible();
      await expect(tab.getByRole('link', { name: 'Cart, 2 items' })).toBeVisible();
      await both;
      // Neither tab gave back the other's court: both are held under the browser's one cart.
      await expect.poll(async () => (await getJson<{ courts: unknown[] }>(page, '/api/payment/cart-holds')).courts.length).toBe(2);
    } finally {
      await tab.close();
    }
  });

  test('a class held in the cart runs out: the cart says it is no longer held, and "Hold again" holds it anew', async ({ page, ownWorld }) => {
    const world = await ownWorld(['SPLASH']);
    const splash = world.company('SPLASH');
    await signInViaApi(page, { code: splash.code, email: world.email('parent'), fresh: true });
    await page.goto('/hub/classes/add-enrollments/1');
    const dolphin = page.getByTestId('class-result').filter({ hasText: 'Dolphin – Monday' });
    await dolphin.getByRole('button', { name: 'Add to cart' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add to cart' });
    await dialog.getByRole('combobox').first().selectOption({ label: 'Noah Mitchell' });
    const held = page.waitForResponse((r) => r.url().endsWith('/api/payment/cart-holds') && r.request().method() === 'PUT');
    await dialog.getByRole('button', { name: 'Add to cart' }).click();
    expect(((await (await held).json()) as { classes: unknown[] }).classes).toHaveLength(1);
    await page.getByRole('dialog', { name: 'Added to cart' }).getByRole('button', { name: 'Continue' }).click();

    await page.goto('/hub/checkout');
    await expect(page.getByRole('region', { name: /^Held for you until \d\d:\d\d [AP]M \([A-Za-z ]+ time\)$/ })).toBeVisible();
    // The hold period passes while the family is away.
    expect(await lapseCartHolds(splash.code, world.email('parent'))).toBe(1);
    await page.reload();
    const lapsed = page.getByRole('region', { name: 'No longer held for you' });
    await expect(lapsed).toBeVisible();
    await expect(lapsed.getByRole('listitem')).toHaveText(/^Dolphin – Monday/);
    await expect(page.getByRole('region', { name: /^Held for you until/ })).toHaveCount(0);
    await page.screenshot({ path: test.info().outputPath('cart-hold-lapsed.png'), fullPage: true });
    await lapsed.getByRole('button', { name: 'Hold again' }).click();
    await expect(page.getByRole('region', { name: /^Held for you until \d\d:\d\d [AP]M \([A-Za-z ]+ time\)$/ }).getByRole('timer')).toHaveText(/^(10 min|9 min( \d{1,2} s)?)$/);
    await expect(lapsed).toHaveCount(0);
  });

  test('a class that fills after its hold ran out: the checkout marks it Full with its waitlist, never Hold again, and on its waitlist the class leaves the cart and the rest is priced', async ({
    page,
    ownWorld,
  }) => {
    const world = await ownWorld(['SPLASH']);
    const splash = world.company('SPLASH');
    await signInViaApi(page, { code: splash.code, email: world.email('parent'), fresh: true });
    await page.goto('/hub/classes/add-enrollments/1');
    for (const name of ['Dolphin – Monday', 'Turtle – Wednesday']) await addClassToCart(page, name, 'Noah Mitchell');
    // Noah is 7: both classes take his age. Dolphin's other places go: the last one is the place this family holds, which the class list says is its own.
    await fillClass(splash.code, 'Dolphin – Monday');
    await page.reload();
    const dolphin = page.getByTestId('class-result').filter({ hasText: 'Dolphin – Monday' });
    await expect(dolphin.getByText('A place is held for Noah Mitchell')).toBeVisible();
    await expect(dolphin.getByRole('link', { name: 'Go to checkout' })).toHaveAttribute('href', '/hub/checkout');
    await page.goto('/hub/checkout');
    await expect(page.getByRole('region', { name: /^Held for you until/ })).toBeVisible();
    // The hold period passes while the family is away, and another family takes Dolphin's last place.
    expect(await lapseCartHolds(splash.code, world.email('parent'))).toBe(2);
    await fillClass(splash.code, 'Dolphin – Monday');
    await page.reload();

    const refusal = page.getByRole('region', { name: 'Dolphin – Monday is full. Choose another class, or join its waitlist.' });
    await expect(refusal).toBeVisible();
    const cart = refusal.getByRole('list', { name: 'Your cart' });
    // Only the class that filled is named, marked Full; Turtle, still free, is the one to hold again.
    await expect(cart.getByRole('listitem')).toHaveText([/^Dolphin – Monday – Noah Mitchell Full/]);
    const lapsed = page.getByRole('region', { name: 'No longer held for you' });
    await expect(lapsed.getByRole('listitem')).toHaveText([/^Turtle – Wednesday/]);
    await expect(page.getByRole('button', { name: 'Hold again' })).toHaveCount(1);
    // Back to the classes of the registration profile the cart's classes came from.
    await expect(refusal.getByRole('link', { name: 'Find another class' })).toHaveAttribute('href', '/hub/classes/add-enrollments/1');
    for (const width of [375, 1280]) {
      await page.setViewportSize({ width, height: 800 });
      await page.screenshot({ path: test.info().outputPath(`cart-class-filled-${width}.png`), fullPage: true });
    }
    await cart.getByRole('button', { name: 'Join waitlist for Dolphin – Monday – Noah Mitchell' }).click();
    // On the waitlist, Dolphin leaves the cart: the confirmation stays above it, and the rest is priced.
    const joined = page.getByRole('status').filter({ hasText: 'On the waitlist' });
    await expect(joined).toHaveText('On the waitlist: we will let you know by notification and e-mail as soon as a place is free.Dolphin – Monday – Noah Mitchell');
    await expect(refusal).toHaveCount(0);
    const waiting = await getJson<{ entries: { ClassName: string; StudentName: string }[] }>(page, '/api/classes/get-waitlist');
    expect(waiting.entries.map((e) => [e.ClassName, e.StudentName])).toEqual([['Dolphin – Monday', 'Noah Mitchell']]);
    const items = page.getByRole('table', { name: 'Items and charges' });
    await expect(items).toContainText('Turtle – Wednesday');
    await expect(items).not.toContainText('Dolphin – Monday');
    await expect(page.getByRole('button', { name: 'Proceed to Payment' })).toBeEnabled();
    for (const width of [375, 1280]) {
      await page.setViewportSize({ width, height: 800 });
      await page.screenshot({ path: test.info().outputPath(`cart-class-filled-waitlist-${width}.png`), fullPage: true });
    }
  });

  test('a full class the child already waits for: the cart says so instead of offering its waitlist again', async ({ page, ownWorld }) => {
    const world = await ownWorld(['SPLASH']);
    const splash = world.company('SPLASH');
    await signInViaApi(page, { code: splash.code, email: world.email('parent'), fresh: true });
    await page.goto('/hub/classes/add-enrollments/1');
    await addClassToCart(page, 'Dolphin – Monday', 'Noah Mitchell');
    // The hold runs out, another family takes the last place, and Noah is put on its waitlist from another device.
    await fillClass(splash.code, 'Dolphin – Monday');
    expect(await lapseCartHolds(splash.code, world.email('parent'))).toBe(1);
    await fillClass(splash.code, 'Dolphin – Monday');
    const students = await getJson<{ students: { StudentID: number; FirstName: string }[] }>(page, '/api/classes/get-students');
    const noah = students.students.find((s) => s.FirstName === 'Noah')!.StudentID;
    const search = await page.request.post('/api/classes', { data: { ocr_profile_id: 1, limit: 100 } });
    const dolphinId = ((await search.json()) as { classes: { ClassID: number; Name: string }[] }).classes.find((c) => c.Name === 'Dolphin – Monday')!.ClassID;
    expect((await page.request.post('/api/classes/join-waitlist', { data: { class_id: dolphinId, student_id: noah } })).ok()).toBe(true);

    await page.goto('/hub/checkout');
    const refusal = page.getByRole('region', { name: 'Dolphin – Monday is full. Choose another class, or join its waitlist.' });
    const cart = refusal.getByRole('list', { name: 'Your cart' });
    await expect(cart.getByText('Noah Mitchell is on the waitlist')).toBeVisible();
    await expect(page.getByRole('button', { name: /^Join waitlist/ })).toHaveCount(0);
    await expect(cart.getByRole('button', { name: 'Remove Dolphin – Monday – Noah Mitchell' })).toBeVisible();
    for (const width of [375, 1280]) {
      await page.setViewportSize({ width, height: 800 });
      await page.screenshot({ path: test.info().outputPath(`cart-class-already-waiting-${width}.png`), fullPage: true });
    }
  });
});
