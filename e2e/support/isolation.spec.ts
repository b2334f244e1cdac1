import { expect, test } from './fixtures.ts';

/**
 * Tests share their worker's browser context and page (`reuseContext` in the config, with the
 * `clearReusedContext` fixture): each of these finds them as new, then leaves behind everything a
 * test can leave. In order, in one worker, the second finds what the first left cleared, and the
 * third the second's clock undone.
 */
test.describe.configure({ mode: 'serial' });

for (const n of [1, 2, 3]) {
  test(`a test finds no cookie, storage, permission or clock of the test before (${n} of 3)`, async ({ page, context }) => {
    await page.goto('/readyz');
    expect(await context.cookies()).toEqual([]);
    const found = await page.evaluate(async () => ({
      local: localStorage.length,
      session: sessionStorage.length,
      databases: (await indexedDB.databases()).map((d) => d.name),
      caches: await caches.keys(),
      geolocation: (await navigator.permissions.query({ name: 'geolocation' })).state,
      year: new Date().getFullYear(),
    }));
    expect(found).toEqual({ local: 0, session: 0, databases: [], caches: [], geolocation: 'prompt', year: new Date().getFullYear() });

    await context.grantPermissions(['geolocation']);
    await page.evaluate(async () => {
      document.cookie = 'left=1; max-age=3600';
      localStorage.setItem('left', '1');
      sessionStorage.setItem('left', '1');
      await new Promise((resolve, reject) => {
        const open = indexedDB.open('left');
        open.onsuccess = () => {
          open.result.close();
          resolve(null);
        };
        open.onerror = () => reject(open.error);
      });
      await caches.open('left');
    });
    expect(await context.cookies()).toHaveLength(1);
    if (n === 2) await page.clock.install({ time: new Date('2001-02-03T04:05:06Z') });
  });
}
