import type { Page } from '@playwright/test';
import { expect, expectAccessible, expectSignedInAs, isMobile, registerViaApi, rootCssVar, signInViaApi, test, uniqueEmail } from '../support/fixtures.ts';
import { wholePageInView } from '../support/bookings.ts';
import { invitationLinkPath } from '../support/mail.ts';

const shot = (page: Page, name: string) => page.screenshot({ path: test.info().outputPath(`${isMobile(page) ? 'phone' : 'desktop'}-${name}.png`), fullPage: true });

test.describe('Family access (issue 24 §1, decision 101)', () => {
  for (const tag of ['', ' @phone']) {
    test(`a parent invites a co-parent, who sets a password and signs in to the same family${tag}`, async ({ page, browser, world }) => {
      const code = world.company('SPLASH').code;
      const holderEmail = uniqueEmail('holder');
      await registerViaApi(page, { code, email: holderEmail, firstName: 'Tess', lastName: 'Ng' });
      await signInViaApi(page, { code, email: holderEmail });
      await page.goto('/hub/settings/security');
      const section = page.getByRole('region', { name: 'Family access' });
      await section.getByRole('button', { name: 'Invite someone' }).click();
      const form = section.getByRole('form', { name: 'Invite someone to your family' });
      // A role chosen first, from the focused (empty) name: one click takes it, no message moving the cards under the pointer.
      await form.getByRole('radio', { name: /Payer/ }).click();
      await expect(form.getByRole('radio', { name: /Payer/ })).toBeChecked();
      // The form's own rules first: nothing is sent.
      await form.getByRole('button', { name: 'Send invitation' }).click();
      await expect(form.getByText('First name is required')).toBeVisible();
      const email = uniqueEmail('coparent');
      await form.getByRole('textbox', { name: 'First name' }).fill('Jamie');
      await form.getByRole('textbox', { name: 'Last name' }).fill('Ng');
      await form.getByRole('textbox', { name: 'Email' }).fill(email);
      await form.getByRole('radio', { name: /Co-parent/ }).check();
      // The page whole on the screen: scrolled to the radios, the sticky header would cover the name fields above them.
      const screenBack = await wholePageInView(page);
      await expectAccessible(page);
      await screenBack();
      await shot(page, 'invite');
      await form.getByRole('button', { name: 'Send invitation' }).click();
      await expect(section.getByRole('status')).toContainText(`We have sent an invitation to ${email}.`);
      await expect(section.getByRole('list', { name: 'People with access' })).toContainText(`Jamie Ng Invited${email}`);

      // The invitee opens the link in their own browser.
      const theirs = await browser.newContext({ viewport: page.viewportSize() ?? undefined, isMobile: isMobile(page), hasTouch: isMobile(page) });
      const other = await theirs.newPage();
      const link = await invitationLinkPath(email);
      expect(link).toMatch(/&id=\d+$/);
      await other.goto(link);
      await expect(other.getByRole('heading', { name: 'Join the Ng family' })).toBeVisible();
      // A browser that never chose a company opens the invitation in its company's branding.
      const config = (await (await other.request.get('/api/company/get-config')).json()) as { colors: Record<string, string> };
      await expect(other.getByRole('main').getByRole('img', { name: 'Splash' })).toBeVisible();
      expect((await rootCssVar(other, '--brand-500')).toLowerCase()).toBe(config.colors['500']!.toLowerCase());
      await expect(other.getByText('Tess Ng invited you as a co-parent')).toBeVisible();
      await expectAccessible(other);
      await other.screenshot({ path: test.info().outputPath(`${isMobile(page) ? 'phone' : 'desktop'}-join.png`), fullPage: true });
      await other.getByLabel('Password', { exact: true }).fill('Kelp#Forest2031');
      await other.getByLabel('Confirm password').fill('Kelp#Forest2031');
      // Accepted, the used invitation is not asked for again on the way home (a refusal in the console).
      const refused: string[] = [];
      other.on('response', (r) => {
        if (r.status() >= 400) refused.push(`${r.status()} ${new URL(r.url()).pathname}`);
      });
      await other.getByRole('button', { name: 'Accept and sign in' }).click();
      await expect(other).toHaveURL(/\/hub\/company$/);
      // Home says what happened: whose family, and as what.
      await expect(other.getByRole('status').filter({ hasText: 'You have joined the Ng family as a co-parent.' })).toBeVisible();
      await expectSignedInAs(other, 'Jamie');
      expect(refused).toEqual([]);
      await other.screenshot({ path: test.info().outputPath(`${isMobile(page) ? 'phone' : 'desktop'}-joined.png`), fullPage: true });
      await other.goto('/hub/settings/security');
      await expect(other.getByRole('region', { name: 'Family access' })).toContainText('You sign in to this family as a co-parent');
      await expect(other.getByRole('region', { name: 'Your data' })).toHaveCount(0);
      await theirs.close();

      // The holder sees them with their role, and can change it.
      await page.reload();
      const row = section.getByRole('listitem').filter({ hasText: email });
      await expect(row.getByRole('combobox', { name: 'What Jamie Ng can do' })).toHaveValue('co-parent');
      const roleList = row.getByRole('combobox', { name: 'What Jamie Ng can do' });
      // An arrow key on the closed list changes the choice a step at a time: each is asked about, and kept until confirmed.
      if (!isMobile(page)) {
        await roleList.focus();
        await page.keyboard.press('ArrowDown');
        const asked = page.getByRole('dialog', { name: 'Change what Jamie Ng can do?' });
        await expect(asked).toBeVisible();
        await asked.getByRole('button', { name: 'Keep as co-parent' }).click();
        await expect(asked).toBeHidden();
        await expect(roleList).toHaveValue('co-parent');
        // The focus is back on the list it was asked from, for the next key.
        await expect(roleList).toBeFocused();
      }
      await roleList.selectOption('viewer');
      const confirm = page.getByRole('dialog', { name: 'Change what Jamie Ng can do?' });
      await expect(confirm).toContainText('Jamie becomes a viewer. Sees schedules, swimmers and messages; changes nothing and pays nothing.');
      await confirm.getByRole('button', { name: 'Make viewer' }).click();
      await expect(section.getByRole('status')).toContainText('Jamie Ng is now a viewer.');
      await expect(roleList).toHaveValue('viewer');
      // Chosen by keyboard or mouse (a phone's tap on the list is not one Playwright makes), the focus is back on the list.
      if (!isMobile(page)) await expect(roleList).toBeFocused();
      await shot(page, 'family-access');
    });

    test(`an invitation of another company, opened while signed in, signs no one out until it is accepted${tag}`, async ({ page, browser, world }) => {
      // A holder at ACE invites an address.
      const ace = world.company('ACE');
      const holderEmail = uniqueEmail('holder');
      await registerViaApi(page, { code: ace.code, email: holderEmail, firstName: 'Tess', lastName: 'Ng' });
      await signInViaApi(page, { code: ace.code, email: holderEmail });
      const email = uniqueEmail('guardian');
      const invited = await page.request.post('/api/customer/family-access/invitations', { data: { first_name: 'Sam', last_name: 'Ng', email, role: 'co-parent' } });
      expect(invited.ok()).toBe(true);
      const link = await invitationLinkPath(email);
      expect(link).toMatch(new RegExp(`&id=${ace.customerId}$`));
      type Look = { CustomerID: number; colors: Record<string, string> };
      const aceLook = (await (await page.request.get('/api/company/get-config')).json()) as Look;

      // It is opened in a browser signed in to its own family at SPLASH.
      const theirs = await browser.newContext({ viewport: page.viewportSize() ?? undefined, isMobile: isMobile(page), hasTouch: isMobile(page) });
      const other = await theirs.newPage();
      const splash = world.company('SPLASH');
      const ownEmail = uniqueEmail('splash');
      await registerViaApi(other, { code: splash.code, email: ownEmail, firstName: 'Robin', lastName: 'Lee' });
      await signInViaApi(other, { code: splash.code, email: ownEmail });
      await other.goto('/hub/company');
      await expectSignedInAs(other, 'Robin');
      const splashLook = (await (await other.request.get('/api/company/get-config')).json()) as Look;

      // The invitation shows in ACE's look; nothing is answered.
      await other.goto(link);
      await expect(other.getByRole('heading', { name: 'Join the Ng family' })).toBeVisible();
      await expect(other.getByText('Tess Ng invited you as a co-parent')).toBeVisible();
      expect((await rootCssVar(other, '--brand-500')).toLowerCase()).toBe(aceLook.colors['500']!.toLowerCase());
      await expectAccessible(other);
      await shot(other, 'join-from-another-company');
      // Left unanswered: still signed in to SPLASH, in SPLASH's look.
      await other.goto('/hub/company');
      await expectSignedInAs(other, 'Robin');
      expect((await rootCssVar(other, '--brand-500')).toLowerCase()).toBe(splashLook.colors['500']!.toLowerCase());
      expect(((await (await other.request.get('/api/company/get-config')).json()) as Look).CustomerID).toBe(splash.customerId);

      // Accepted: signed in to ACE as the guardian.
      await other.goto(link);
      await other.getByLabel('Password', { exact: true }).fill('Kelp#Forest2031');
      await other.getByLabel('Confirm password').fill('Kelp#Forest2031');
      await other.getByRole('button', { name: 'Accept and sign in' }).click();
      await expect(other).toHaveURL(/\/hub\/company$/);
      await expectSignedInAs(other, 'Sam');
      expect(((await (await other.request.get('/api/company/get-config')).json()) as Look).CustomerID).toBe(ace.customerId);
      expect((await rootCssVar(other, '--brand-500')).toLowerCase()).toBe(aceLook.colors['500']!.toLowerCase());
      await theirs.close();
    });

    test(`a payer pays invoices from Financials, with no cart of classes and bookings to fill${tag}`, async ({ page, world }) => {
      const code = world.company('SPLASH').code;
      const holderEmail = uniqueEmail('holder');
      await registerViaApi(page, { code, email: holderEmail, firstName: 'Tess', lastName: 'Ng' });
      await signInViaApi(page, { code, email: holderEmail });
      const email = uniqueEmail('payer');
      expect((await page.request.post('/api/customer/family-access/invitations', { data: { first_name: 'Gran', last_name: 'Ng', email, role: 'payer' } })).ok()).toBe(true);
      const token = new URL(await invitationLinkPath(email), 'http://x').searchParams.get('token')!;
      const accepted = await page.request.post(`/api/family-access/invitations/${encodeURIComponent(token)}/accept`, { data: { password: 'Kelp#Forest2031', confirm_password: 'Kelp#Forest2031' } });
      expect(accepted.ok()).toBe(true);
      await page.goto('/hub/company');
      await expectSignedInAs(page, 'Gran');
      await expect(page.getByRole('link', { name: /^Cart/ })).toHaveCount(0);
      // The cart's page, reached by an old link, says why instead of "Add a class or a booking", which her access does not allow.
      await page.goto('/hub/checkout');
      await expect(page.getByRole('heading', { name: 'Not part of your family access' })).toBeVisible();
      await page.goto('/hub/financials/invoices-and-receipts');
      await expect(page.getByRole('heading', { name: 'Financials' })).toBeVisible();
    });

    test(`a viewer sees the family but no money, and cannot pay${tag}`, async ({ page, world }) => {
      const code = world.company('SPLASH').code;
      const holderEmail = uniqueEmail('holder');
      await registerViaApi(page, { code, email: holderEmail, firstName: 'Tess', lastName: 'Ng' });
      await signInViaApi(page, { code, email: holderEmail });
      const email = uniqueEmail('viewer');
      const invited = await page.request.post('/api/customer/family-access/invitations', { data: { first_name: 'Gran', last_name: 'Ng', email, role: 'viewer' } });
      expect(invited.ok()).toBe(true);
      const token = new URL(await invitationLinkPath(email), 'http://x').searchParams.get('token')!;
      const accepted = await page.request.post(`/api/family-access/invitations/${encodeURIComponent(token)}/accept`, { data: { password: 'Kelp#Forest2031', confirm_password: 'Kelp#Forest2031' } });
      expect(accepted.ok()).toBe(true);
      await page.goto('/hub/company');
      await expectSignedInAs(page, 'Gran');
      const nav = page.getByRole('navigation', { name: /main|primary/i }).first();
      if (!isMobile(page)) await expect(nav.getByRole('link', { name: 'Financials' })).toHaveCount(0);
      await expect(page.getByText(/You owe/)).toHaveCount(0);
      // No cart to fill: a viewer pays nothing.
      await expect(page.getByRole('link', { name: /^Cart/ })).toHaveCount(0);
      // A payment asked for anyway is refused by the server, with the reason.
      const pay = await page.request.post('/api/payment/checkout', { data: { invoices: ['X'], useSavedCard: true }, headers: { 'idempotency-key': `viewer-${Date.now()}` } });
      expect(pay.status()).toBe(403);
      expect(await pay.json()).toMatchObject({ code: 'ROLE_FORBIDDEN', message: 'Your family access does not allow this. Ask the account holder.' });
      await page.goto('/hub/financials/invoices-and-receipts');
      await expect(page.getByText('Your family access does not allow this. Ask the account holder.').first()).toBeVisible();
      await shot(page, 'viewer-financials');
      // A page that changes the family says so in place of an empty list or a form the server refuses.
      for (const path of ['/hub/classes/notify-absences', '/hub/students/new', '/hub/classes/makeups/book', '/hub/checkout']) {
        await page.goto(path);
        await expect(page.getByRole('heading', { name: 'Not part of your family access' })).toBeVisible();
        await expect(page.getByText('Your family access does not allow this. Ask the account holder.')).toBeVisible();
      }
      await page.getByRole('link', { name: 'Go to Home' }).click();
      await expect(page).toHaveURL(/\/hub\/company$/);

      // Decision 124: My Details shows the viewer their own sign-in, never the holder's details.
      await page.goto('/hub/settings/my-details');
      const details = page.getByRole('region', { name: 'Your details' });
      await expect(details).toContainText('Gran Ng');
      await expect(details).toContainText(email);
      await expect(details).toContainText('Viewer');
      await expect(details).not.toContainText(holderEmail);
      await expect(page.getByRole('button', { name: 'Edit details' })).toHaveCount(0);
      await expect(page.getByText('Your family access does not allow this. Ask the account holder.')).toHaveCount(0);
      await shot(page, 'viewer-my-details');
    });
  }

  test('a viewer is offered nothing the role cannot do: no saves, absences, classes, make-ups or bookings to add', async ({ page, ownWorld }) => {
    const world = await ownWorld(['SPLASH']);
    const code = world.company('SPLASH').code;
    await signInViaApi(page, { code, email: world.email('parent'), fresh: true });
    const email = uniqueEmail('viewer');
    expect((await page.request.post('/api/customer/family-access/invitations', { data: { first_name: 'Gran', last_name: 'Mitchell', email, role: 'viewer' } })).ok()).toBe(true);
    const token = new URL(await invitationLinkPath(email), 'http://x').searchParams.get('token')!;
    expect((await page.request.post(`/api/family-access/invitations/${encodeURIComponent(token)}/accept`, { data: { password: 'Kelp#Forest2031', confirm_password: 'Kelp#Forest2031' } })).ok()).toBe(
      true,
    );

    await page.goto('/hub/classes');
    await expectSignedInAs(page, 'Gran');
    await expect(page.getByRole('link', { name: /View enrollments/ })).toBeVisible();
    await expect(page.getByRole('link', { name: /Find a class|Notify absences/ })).toHaveCount(0);
    await page.goto('/hub/classes/view-enrollments');
    await expect(page.getByRole('button', { name: 'Sessions' }).first()).toBeVisible();
    await expect(page.getByRole('button', { name: /Notify absence/ })).toHaveCount(0);
    await page.goto('/hub/classes/makeups');
    await expect(page.getByTestId('makeup').first()).toBeVisible();
    await expect(page.getByRole('link', { name: 'Book make-up' })).toHaveCount(0);
    await page.goto('/hub/bookings/view');
    await expect(page.getByRole('heading', { level: 1, name: 'Bookings' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Add a Booking' })).toHaveCount(0);

    // The child's record is shown, not offered for change, and says who changes it.
    await page.goto('/hub/students');
    await page.getByRole('link', { name: /Ella/ }).first().click();
    await expect(page.getByText('Your family access shows these details. The account holder or a co-parent can change them.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Save changes' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: /Add picture|Change picture/ })).toHaveCount(0);
    await page.getByRole('tab', { name: 'Enrollments' }).click();
    await expect(page.getByText('Next session:').first()).toBeVisible();
    await expect(page.getByRole('button', { name: /Change class/ })).toHaveCount(0);
  });
});
