import type { Page, Request } from '@playwright/test';
import type { MessageList, PortalMessage } from '@portal/shared/message-schemas';
import { expect, expectRepeatsEvery, getJson, isApiCall, isMobile, signInViaApi, test, uniqueEmail, type World } from '../support/fixtures.ts';
import { mailWithSubject } from '../support/mail.ts';

const BELL_URL = '/api/messages?page=1&limit=5&status=All';
const isBellPoll = (r: Request) => isApiCall(r, '/api/messages', { page: '1', limit: '5', status: 'All' });
const apiReply = (r: { request(): Request }) => isApiCall(r.request(), '/api/messages/reply', undefined, 'POST');

/** The messages bell: a menu button on desktop, a link on phones; its name carries the unread count. */
const bell = (page: Page) => page.getByRole(isMobile(page) ? 'link' : 'button', { name: /^Messages(, .+ unread)?$/ });
const isUnread = (m: PortalMessage) => m.CP_CustomersMessagesRead.length === 0;

/**
 * J9 in a company of the test's own (it marks a message read): signs a customer with unread
 * messages in, picks the newest unread one, and checks once it is opened that the mark-read call
 * named it, the page shows it and the bell and the API count one fewer.
 */
async function readUnreadMessage(page: Page, world: World) {
  await signInViaApi(page, { code: world.company('SPLASH').code, email: world.email('family'), clientIndex: 0 });
  const before = await getJson<MessageList>(page, BELL_URL);
  const target = before.messages.find(isUnread) as PortalMessage;
  expect(target, 'an unread message').toBeDefined();
  // The answer, not the request: the badge drops at once, the count the API answers after the write.
  const call = page.waitForResponse((r) => isApiCall(r.request(), '/api/messages/mark-read', undefined, 'POST'));
  return {
    target,
    async expectMarkedRead() {
      const answer = await call;
      expect(answer.request().postDataJSON()).toEqual({ message_id: target.CPMessageID });
      expect(answer.ok()).toBe(true);
      await expect(page).toHaveURL(`/hub/messages?id=${target.CPMessageID}`);
      const after = before.unread_messages_count - 1;
      await expect(bell(page)).toHaveText(after > 0 ? String(after) : '');
      expect((await getJson<MessageList>(page, BELL_URL)).unread_messages_count).toBe(after);
    },
  };
}

test.describe('messages', () => {
  test('J2, B6/J3/J5, J10: polls every 60 s, lists the latest messages in the dropdown and opens one by ?id=', async ({ page, world }) => {
    // One page for every check on SPLASH's parent: the steps only read.
    test.slow();
    await page.clock.install();
    await signInViaApi(page, { code: world.company('SPLASH').code, email: world.email('parent') });

    await test.step('J2: polls page 1, limit 5, status All on load and every 60 s', async () => {
      const { unread_messages_count: n } = await getJson<MessageList>(page, BELL_URL);
      const first = page.waitForResponse((res) => isBellPoll(res.request()));
      await page.goto('/hub/company');
      await first;
      await expectRepeatsEvery(page, isBellPoll, 60_000, 1, () => expect(bell(page)).toHaveAccessibleName(n === 0 ? 'Messages' : `Messages, ${n > 99 ? '99+' : n} unread`));
    });

    await test.step('B6/J3/J5: the dropdown lists the latest messages; View all goes to the page', async () => {
      const list = await getJson<MessageList>(page, BELL_URL);
      await expect(bell(page)).toHaveAccessibleName(`Messages, ${list.unread_messages_count} unread`);
      await expect(bell(page)).toHaveText(String(list.unread_messages_count));

      await bell(page).click();
      const menu = page.getByRole('menu');
      await expect(menu.getByText('Messages', { exact: true })).toBeVisible();
      const rows = menu.getByRole('menuitem').filter({ hasNotText: 'View all messages' });
      await expect(rows).toHaveCount(Math.min(5, list.total_count));
      for (const [i, m] of list.messages.entries()) {
        await expect(rows.nth(i)).toContainText(`${isUnread(m) ? 'Unread: ' : ''}${m.Title}`);
      }

      await menu.getByRole('menuitem', { name: 'View all messages' }).click();
      await expect(page).toHaveURL('/hub/messages');
    });

    await test.step('J10: /hub/messages?id= opens that message', async () => {
      const { messages } = await getJson<MessageList>(page, '/api/messages?page=1&limit=20&status=All');
      // A read one, so opening it changes nobody's counts.
      const target = messages.find((m) => !isUnread(m)) as PortalMessage;
      expect(target, 'a read message').toBeDefined();
      await page.goto(`/hub/messages?id=${target.CPMessageID}`);
      const article = page.getByRole('article');
      await expect(article.getByRole('heading', { level: 2 })).toHaveText(target.Title);
      await expect(article).toContainText(target.Body);
      await expect(page.getByRole('navigation', { name: 'Messages' }).getByRole('link', { name: new RegExp(target.Title) })).toHaveAttribute('aria-current', 'page');
    });
  });

  test('B6/J2: no bell and no calls where messages are switched off (ACE)', async ({ page, world }) => {
    await page.clock.install();
    const calls: string[] = [];
    page.on('request', (r) => {
      if (isApiCall(r, '/api/messages')) calls.push(r.url());
    });
    await signInViaApi(page, { code: world.company('ACE').code, email: world.email('parent') });
    await page.goto('/hub/company');
    // The notifications bell is there, so the bells have rendered.
    await expect(page.getByRole('button', { name: /^Notifications/ })).toBeVisible();
    await page.clock.runFor(65_000);
    await expect(bell(page)).toHaveCount(0);
    expect(calls).toEqual([]);
  });

  test('J9: opening an unread message from the bell marks it read and the badge drops by one', async ({ page, ownWorld }) => {
    const reading = await readUnreadMessage(page, await ownWorld());
    await page.goto('/hub/company');
    await bell(page).click();
    await page.getByRole('menuitem', { name: new RegExp(`^Unread: ${reading.target.Title}`) }).click();
    await reading.expectMarkedRead();
  });

  test('J9: on a phone, opening an unread message from the /hub/messages list marks it read and the badge drops by one @phone', async ({ page, ownWorld }) => {
    const reading = await readUnreadMessage(page, await ownWorld());
    await page.goto('/hub/messages');
    await page.getByRole('link', { name: new RegExp(`^Unread: ${reading.target.Title}`) }).click();
    // On a phone the message fills the page, under its own heading.
    await expect(page.getByRole('article').getByRole('heading', { level: 1 })).toHaveText(reading.target.Title);
    await reading.expectMarkedRead();
  });

  test('decision 078: on a phone, a family replies to a message; the reply shows last in its thread and the office is mailed, Reply-To the family @phone', async ({ page, ownWorld }) => {
    const office = uniqueEmail('office');
    const world = await ownWorld(['SPLASH'], (_, bundle) => {
      bundle.company.config.ContactEmail = office;
    });
    await signInViaApi(page, { code: world.company('SPLASH').code, email: world.email('parent') });
    const { messages } = await getJson<MessageList>(page, '/api/messages?page=1&limit=20&status=All');
    const target = messages.find((m) => m.Title === 'Carnival volunteers needed') as PortalMessage;
    expect(target.Body).not.toMatch(/front desk/);
    await page.goto(`/hub/messages?id=${target.CPMessageID}`);
    await expect(page.getByRole('article').getByRole('heading', { level: 1 })).toHaveText(target.Title);
    await expect(page.getByRole('article')).toContainText('Splash Swim School');

    const form = page.getByRole('form', { name: 'Reply' });
    const send = form.getByRole('button', { name: 'Send reply' });
    await send.click();
    await expect(form.getByText('Please write your reply')).toBeVisible();
    // Near the limit the box says what is left; the browser stops typing at it.
    await form.getByLabel('Your reply').fill('Happy to help. '.repeat(132));
    await expect(form.getByText('20 characters left')).toBeVisible();
    await page.screenshot({ path: test.info().outputPath('reply-near-limit.png') });
    const words = 'We can run the barbecue from 11 until 1.';
    await form.getByLabel('Your reply').fill(words);
    const sent = page.waitForResponse(apiReply);
    await send.click();
    expect((await sent).ok()).toBe(true);
    // Said where the phone is, beside the button pressed: in view, not below it off the screen.
    await expect(page.getByRole('status').filter({ hasText: 'Your reply has been sent.' })).toBeInViewport({ ratio: 1 });
    const last = page.getByRole('list', { name: 'Replies' }).getByRole('listitem').last();
    await expect(last).toContainText(words);
    await expect(last).toContainText('Sarah Mitchell');
    await expect(last.locator('time')).toHaveText(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}:\d{2} [AP]M$/);
    await expect(form.getByLabel('Your reply')).toHaveValue('');
    // The button and the box fit the phone: nothing runs off the side.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

    const mail = await mailWithSubject(office, `Re: ${target.Title}`);
    expect(mail.replyTo).toBe(world.email('parent'));
    expect(mail.text).toContain(words);
    expect(mail.text).toContain(`Sarah Mitchell (${world.email('parent')}) replied to your message "${target.Title}"`);

    await page.reload();
    const kept = page.getByRole('list', { name: 'Replies' }).getByRole('listitem');
    await expect(kept).toHaveCount(1);
    await expect(kept).toContainText(words);
  });
});
