import { expect, expectAccessible, isMobile, test } from '../support/fixtures.ts';

/** SPLASH's demo profile 3: no class step, no students. */
const PROFILE = 3;

test.describe('a registration that opens later (decision 091)', () => {
  for (const tag of ['', ' @phone']) {
    test(`the page says when, in the company's time, counts down, and opens the registration itself at that time${tag}`, async ({ page, ownWorld }) => {
      // An hour ahead on the server's clock: the browser's clock is moved on below, the server's is not.
      // Its seconds dropped from 61 minutes on: 60 to 61 minutes ahead, so the seconds the import
      // and the page take (over a minute on a busy machine) still leave 58 minutes to an hour on the timer (shown as 1 h and some seconds past the hour).
      const opensAt = new Date(Date.now() + 61 * 60_000);
      opensAt.setUTCSeconds(0, 0);
      const world = await ownWorld(['SPLASH'], (_, bundle) => {
        const profile = (bundle.company.config.profiles as { OCRProfileID: number; OpensAt?: string; WaitingRoom?: object }[]).find((p) => p.OCRProfileID === PROFILE)!;
        profile.OpensAt = opensAt.toISOString();
        // The opening alone; its waiting room (decision 099) has a spec of its own.
        profile.WaitingRoom = { WindowMinutes: 0 };
      });
      await page.goto(`/ocr?id=${world.company('SPLASH').customerId}&p=${PROFILE}`);
      await expect(page.getByRole('heading', { level: 1, name: 'Registration opens soon' })).toBeVisible();
      await expect(page.getByText('Join Splash – family account')).toBeVisible();
      // Splash is in Sydney: the opening in its date style and time zone, whatever the browser's zone.
      const sydney = new Intl.DateTimeFormat('en-AU', {
        timeZone: 'Australia/Sydney',
        day: '2-digit',
        month: '2-digit',
        year: 'numeric',
        hour: '2-digit',
        minute: '2-digit',
        hour12: true,
      }).formatToParts(opensAt);
      const part = (type: string) => sydney.find((p) => p.type === type)!.value;
      await expect(
        page.getByText(`Registration opens on ${part('day')}/${part('month')}/${part('year')} at ${part('hour')}:${part('minute')} ${part('dayPeriod').toUpperCase()} (Sydney time).`),
      ).toBeVisible();
      await expect(page.getByRole('timer')).toHaveText(/^(5[89] min( \d{1,2} s)?|1 h( \d{1,2} s)?)$/);
      await expect(page.getByRole('button', { name: 'Get Started' })).toHaveCount(0);
      await expectAccessible(page);
      await page.screenshot({ path: test.info().outputPath(`${isMobile(page) ? 'phone' : 'desktop'}-opens-soon.png`), fullPage: true });

      // The browser's clock moved on by the hour; installed only now, as the fake clock's Date would
      // also stand in for the one the company's time zone is read with (@date-fns/tz extends Date).
      await page.clock.install();
      // The opening is 60–61 minutes ahead less the time the test has taken so far (at most two
      // minutes, as the timer said): 58 minutes on leaves up to three.
      await page.clock.fastForward('58:00');
      await expect(page.getByRole('timer')).toHaveText(/^([12] min( \d{1,2} s)?|\d{1,2} s)$/);
      await page.clock.fastForward('03:00');
      await expect(page.getByRole('button', { name: 'Get Started' })).toBeVisible();
      await expect(page.getByRole('heading', { name: 'Registration opens soon' })).toHaveCount(0);
    });
  }
});
