import { chromium } from '@playwright/test';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium-headless-shell' });
const ctx = await browser.newContext({ viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true });
const page = await ctx.newPage();
const cdp = await ctx.newCDPSession(page);
await cdp.send('Page.enable');
await cdp.send('Page.setFontSizes', { fontSizes: { standard: 32, fixed: 26 } });
await page.goto('http://localhost:4102/');
await page.getByRole('textbox', { name: /email/i }).fill('parent@example.com');
await page.getByRole('textbox', { name: /^Password/ }).fill('Portal#2026');
await page.getByRole('tabpanel').getByRole('button').last().click();
await page
  .getByRole('button', { name: /Splash/ })
  .first()
  .click({ timeout: 15000 });
await page.waitForURL(/\/hub/);
for (const path of process.argv.slice(2)) {
  await page.evaluate((p) => {
    history.pushState({}, '', p);
    dispatchEvent(new PopStateEvent('popstate'));
  }, path);
  await page.waitForTimeout(2500);
  const wide = await page.evaluate(() =>
    [...document.querySelectorAll('body *')]
      .filter((el) => !String(el.className).includes('blur-3xl') && el.getBoundingClientRect().right > 376 && el.getBoundingClientRect().width > 0)
      .slice(0, 12)
      .map(
        (el) =>
          `${el.tagName}.${String(el.className).slice(0, 90)} r=${Math.round(el.getBoundingClientRect().right)} w=${Math.round(el.getBoundingClientRect().width)} "${(el.textContent || '').trim().slice(0, 30)}"`,
      ),
  );
  console.log(path, wide.join('\n  '));
  await page.screenshot({ path: `/tmp/zoom/z${path.replaceAll('/', '_')}.png` });
}
await browser.close();
