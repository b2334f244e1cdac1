import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { expect, isApiCall, signInViaApi, test } from '../support/fixtures.ts';

/** A phone photo of about 5 MB: 4000 × 3000, grainy enough not to compress away (E24). */
async function bigPhoto(): Promise<string> {
  const file = path.join(os.tmpdir(), 'portal-e2e-4000x3000-photo.jpg');
  if (fs.existsSync(file) && fs.statSync(file).size >= 5_000_000) return file;
  const width = 4000;
  const height = 3000;
  const grain = Buffer.alloc(width * height * 3);
  for (let i = 0; i < grain.length; i++) grain[i] = 96 + (((i * 2654435761) >>> 24) >> 2);
  await sharp(grain, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 93 })
    .toFile(file);
  return file;
}

test.describe('students', () => {
  // One customer who only reads: the list, a student's skills and certificates, booked classes and a session link.
  test("lists the family's swimmers; skills and a certificate; booked classes and a session link (E22, E23, E4, E5, E27)", async ({ page, world }) => {
    await signInViaApi(page, { code: world.company('SPLASH').code, email: world.email('parent') });
    await page.goto('/hub/students');

    await test.step("lists the family's swimmers in the company's word, with a stored photo", async () => {
      await expect(page.getByRole('heading', { name: 'Swimmers', level: 1 })).toBeVisible();
      const list = page.getByRole('main').getByRole('listitem');
      await expect(list).toHaveCount(3);
      await expect(list.nth(0)).toContainText('Ella Mitchell');
      await expect(list.nth(0).getByRole('img', { name: 'Ella Mitchell' })).toBeVisible();
      await expect(page.getByRole('link', { name: 'Add Swimmer' })).toBeVisible();
    });

    await page.getByRole('link', { name: /Ella Mitchell/ }).click();
    await expect(page.getByRole('heading', { name: 'Ella Mitchell' })).toBeVisible();
    const id = new URL(page.url()).pathname.split('/').pop()!;

    await test.step('decision 076: the level is the school’s, shown as text', async () => {
      const level = page.getByRole('group', { name: 'Level' });
      await expect(level).toContainText('Seahorse');
      await expect(level).toContainText('Set by the office');
      await expect(page.getByRole('combobox', { name: /Level/ })).toHaveCount(0);
      await level.scrollIntoViewIfNeeded();
      await page.screenshot({ path: test.info().outputPath('desktop-student-level.png') });
    });

    await test.step('E22, E23: shows skill sets with notes and a certificate', async () => {
      // Splash calls them Skills (SkillSetName).
      await page.getByRole('tab', { name: 'Skills' }).click();
      await expect(page.getByText('2 of 4 achieved')).toBeVisible();
      await expect(page.getByText('Kicking is strong; working on rotating to breathe.')).toBeVisible();
      await page.getByRole('tab', { name: 'Certificates' }).click();
      await expect(page.getByRole('heading', { name: 'Starfish level complete' })).toBeVisible();
    });

    await test.step('E4, E5, E27: opens the booked classes from ?tab=Enrollments and a session link from home', async () => {
      // Both are addresses opened from outside the page (a link, the home page's session link).
      await page.goto(`/hub/students/${id}?tab=Enrollments`);
      await expect(page.getByRole('tab', { name: 'Enrollments' })).toHaveAttribute('aria-selected', 'true');
      const first = page.getByRole('tabpanel').getByRole('listitem').first();
      await expect(first).toContainText('Seahorse');
      await expect(first).toContainText('Next session:');

      const record = (await (await page.request.get(`/api/student/${id}`)).json()) as { bookedClasses: { ClassID: number; OCRName: string; dates: { SessionID: number }[] }[] };
      const cls = record.bookedClasses[0]!;
      const session = cls.dates[1]!;
      // E5: the class's sessions come from the class-session call of the spec, for this class and student.
      const sessionsCall = page.waitForResponse((r) => {
        const url = new URL(r.url());
        return url.pathname === '/api/classes/get-class-sessions' && url.searchParams.get('class_id') === String(cls.ClassID) && url.searchParams.get('student_id') === id;
      });
      await page.goto(`/hub/students/${id}?Sessions=true&class_id=${cls.ClassID}&session_id=${session.SessionID}&from_home=true`);
      expect((await sessionsCall).status()).toBe(200);
      await expect(page.getByRole('tab', { name: 'Enrollments' })).toHaveAttribute('aria-selected', 'true');
      await expect(page.getByRole('list', { name: `Dates of ${cls.OCRName}` }).locator('[aria-current="date"]')).toBeVisible();
    });
  });

  // The writes, on a company of the test's own: a new swimmer with a photo, an edit, a swimmer added by keyboard.
  test('adds a swimmer with a 5 MB photo compressed to 220 px; edits a swimmer and keeps the change; the student form works by keyboard alone (E6, E24, E8, E9)', async ({ page, ownWorld }) => {
    test.setTimeout(120_000);
    const world = await ownWorld(['SPLASH']);
    await signInViaApi(page, { code: world.company('SPLASH').code, email: world.email('parent'), fresh: true });

    await test.step('E6, E24: adds a swimmer, then a 5 MB photo that arrives compressed to 220 px', async () => {
      // Records the files the page uploads (name, size, type) as it hands them to fetch.
      await page.addInitScript(() => {
        const uploads: { field: string; name: string; size: number; type: string }[] = [];
        (window as unknown as { __uploads: typeof uploads }).__uploads = uploads;
        const original = window.fetch.bind(window);
        window.fetch = (input, init) => {
          if (init?.body instanceof FormData) {
            init.body.forEach((value, field) => {
              if (value instanceof File) uploads.push({ field, name: value.name, size: value.size, type: value.type });
            });
          }
          return original(input, init);
        };
      });
      await page.goto('/hub/students/new');
      await expect(page.getByRole('heading', { name: 'Add Swimmer' })).toBeVisible();
      // The mandatory fields say so when left (E7, S).
      await page.getByRole('button', { name: 'Save Swimmer' }).click();
      await expect(page.getByText('First name is required')).toBeVisible();
      await expect(page.getByText('Date of birth is required')).toBeVisible();

      await page.getByLabel('First name').fill('Ruby');
      await page.getByLabel('Last name').fill('Mitchell');
      await page.getByLabel('Date of birth: Day').selectOption('7');
      await page.getByLabel('Date of birth: Month').selectOption({ label: 'May' });
      await page.getByLabel('Date of birth: Year').selectOption('2019');
      await page.getByLabel('Gender').selectOption('Female');
      await expect(page.getByLabel('Registration ID')).toHaveValue('TBD');
      await expect(page.getByLabel('Swim cap size')).toHaveValue('2');
      const added = page.waitForRequest((r) => isApiCall(r, '/api/student/add', undefined, 'POST'));
      await page.getByRole('button', { name: 'Save Swimmer' }).click();
      const body = (await added).postDataJSON() as Record<string, unknown>;
      expect(body).toMatchObject({ FirstName: 'Ruby', LastName: 'Mitchell', DOB: '2019-05-07', GenderType: 'Female', Gender: 'F' });
      await expect(page.getByRole('heading', { name: 'Ruby Mitchell' })).toBeVisible();
      await expect(page.getByRole('status').filter({ hasText: 'Swimmer added' })).toBeVisible();

      const photoFile = await bigPhoto();
      expect(fs.statSync(photoFile).size).toBeGreaterThanOrEqual(5_000_000);
      const upload = page.waitForResponse((r) => r.url().includes('/api/student/update-profile-picture/'));
      await page.getByTestId('student-picture-input').setInputFiles(photoFile);
      expect((await upload).status()).toBe(200);
      // What the page handed to fetch: the browser does not expose a multipart body's file to the test.
      const parts = await page.evaluate(() => (window as unknown as { __uploads: { field: string; name: string; size: number; type: string }[] }).__uploads);
      expect(parts).toEqual([{ field: 'file', name: 'compressed_image.jpg', size: expect.any(Number), type: 'image/jpeg' }]);
      expect(parts[0]!.size).toBeLessThanOrEqual(209_715);
      await expect(page.getByText('Picture updated')).toBeVisible();
      const photo = page.getByRole('img', { name: 'Ruby Mitchell' });
      await expect(photo).toBeVisible();
      const size = await photo.evaluate((img: HTMLImageElement) => ({ w: img.naturalWidth, h: img.naturalHeight }));
      expect(Math.max(size.w, size.h)).toBeLessThanOrEqual(220);
      expect(size.w).toBeGreaterThan(100);
    });

    await test.step('E8, E9: edits a swimmer and keeps the change; a condition typed in joins the list', async () => {
      await page.goto('/hub/students');
      await page.getByRole('link', { name: /Noah Mitchell/ }).click();
      await expect(page.getByRole('heading', { name: 'Noah Mitchell' })).toBeVisible();
      await page.getByLabel('Notes').fill('Bring goggles with a strap.');
      await page.getByLabel('Other medical conditions').fill(' Bee sting allergy ');
      const updated = page.waitForRequest((r) => r.url().includes('/api/student/update/'));
      const answered = page.waitForResponse((r) => r.url().includes('/api/student/update/'));
      await page.getByRole('button', { name: 'Save changes' }).click();
      const sent = (await updated).postDataJSON() as Record<string, unknown>;
      // E8: trimmed, empty values as "" (Noah has no Reg ID and no school), never null.
      expect(sent).toMatchObject({ Notes: 'Bring goggles with a strap.', FirstName: 'Noah', AdditionalMedicalConditions: 'Bee sting allergy', RegID: '', SchoolID: '' });
      expect(JSON.stringify(sent)).not.toContain('null');
      expect(((await (await answered).json()) as { newMedicalCondition?: { DisplayName: string } }).newMedicalCondition?.DisplayName).toBe('Bee sting allergy');
      await expect(page.getByRole('status').filter({ hasText: 'Swimmer updated' })).toBeVisible();
      await page.reload();
      await expect(page.getByLabel('Notes')).toHaveValue('Bring goggles with a strap.');
      // E9: the list offers the condition now, ticked for Noah, and the text box is empty again.
      await expect(page.getByLabel('Other medical conditions')).toHaveValue('');
      await page.getByRole('button', { name: /Medical conditions/ }).click();
      await expect(page.getByRole('checkbox', { name: 'Bee sting allergy' })).toBeChecked();
      await page.keyboard.press('Escape');
    });

    await test.step('the student form works by keyboard alone', async () => {
      await page.goBack();
      await page.getByRole('link', { name: 'Add Swimmer' }).click();
      await expect(page).toHaveURL('/hub/students/new');
      await page.getByLabel('First name').focus();
      await page.keyboard.type('Kai');
      await page.keyboard.press('Tab');
      await page.keyboard.type('Mitchell');
      await page.keyboard.press('Tab');
      await expect(page.getByLabel('Date of birth: Day')).toBeFocused();
      await page.keyboard.press('ArrowDown');
      await page.keyboard.press('Tab');
      await page.keyboard.press('ArrowDown');
      await page.keyboard.press('Tab');
      await page.keyboard.press('ArrowDown');
      await page.keyboard.press('ArrowDown');
      await page.keyboard.press('Tab');
      await expect(page.getByLabel('Gender')).toBeFocused();
      await page.keyboard.press('ArrowDown');
      // A multi-select opens with Enter and its choices toggle with Space.
      await page.getByRole('button', { name: /Goals/ }).focus();
      await page.keyboard.press('Enter');
      await expect(page.getByRole('checkbox', { name: 'Water confidence' })).toBeFocused();
      await page.keyboard.press('Space');
      await page.keyboard.press('Escape');
      // The list hands the focus back to its button once it has closed (a moment later, as the
      // list unmounts): wait for it, or the focus would come back after we have moved on.
      await expect(page.getByRole('button', { name: /Goals/ })).toBeFocused();
      await expect(page.getByRole('button', { name: /Goals/ })).toContainText('Water confidence');
      await page.getByRole('button', { name: 'Save Swimmer' }).focus();
      await page.keyboard.press('Enter');
      await expect(page.getByRole('heading', { name: 'Kai Mitchell' })).toBeVisible();
    });
  });

  test('says which configuration is missing when a required list is empty (E19)', async ({ page, ownWorld }) => {
    const world = await ownWorld(['SPLASH'], (name, bundle) => {
      const b = bundle as unknown as {
        lists: { referral_sources: unknown[] };
        form_configuration: { student: { fields: { OCRFormFieldNameID: number; State: string }[] } };
        customers: { clients: { students: { referral_source?: string }[] }[] }[];
      };
      b.lists.referral_sources = [];
      for (const c of b.customers) for (const client of c.clients) for (const s of client.students) delete s.referral_source;
      b.form_configuration.student.fields.find((f) => f.OCRFormFieldNameID === 25)!.State = 'Mandatory';
    });
    await signInViaApi(page, { code: world.company('SPLASH').code, email: world.email('parent'), fresh: true });
    await page.goto('/hub/students/new');
    await expect(page.getByText('The following configurations are missing in this account: Referral source')).toBeVisible();
  });
});

test.describe('students on a phone @phone', () => {
  test('a long name is cut short in the list, never widening the page', async ({ page, ownWorld }) => {
    const world = await ownWorld(['SPLASH'], (_, bundle) => {
      type Customer = { email: string; clients: { students: { first_name: string; last_name: string }[] }[] };
      const student = (bundle.customers as Customer[]).find((c) => c.email.startsWith('parent.'))!.clients[0]!.students[0]!;
      student.first_name = 'Maximiliana-Alexandrina';
      student.last_name = 'Wolfeschlegelsteinhausenbergerdorff';
    });
    await signInViaApi(page, { code: world.company('SPLASH').code, email: world.email('parent') });
    await page.goto('/hub/students');
    await expect(page.getByRole('link', { name: /Maximiliana-Alexandrina/ })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
  });

  test('the list and a student page fit a 375 px screen', async ({ page, world }) => {
    await signInViaApi(page, { code: world.company('SPLASH').code, email: world.email('parent') });
    await page.goto('/hub/students');
    await expect(page.getByRole('heading', { name: 'Swimmers', level: 1 })).toBeVisible();
    await page.getByRole('link', { name: /Ella Mitchell/ }).click();
    await expect(page.getByRole('heading', { name: 'Ella Mitchell' })).toBeVisible();
    await expect(page.getByLabel('First name')).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    // The four tabs (Details, Enrollments, Skills, Certificates) all in sight: the strip once scrolled 11 px, cutting Certificates.
    const strip = page.getByRole('tablist', { name: 'Swimmer sections' });
    await expect(strip.getByRole('tab')).toHaveCount(4);
    expect(await strip.evaluate((list) => list.scrollWidth - list.clientWidth)).toBeLessThanOrEqual(0);
    // The date of birth's day, month and year share a row, each option whole before its box's arrow (a year's last digit was under it).
    const parts = await page.getByRole('group', { name: /Date of birth/ }).evaluate(async (group) => {
      await document.fonts.ready;
      const pen = document.createElement('canvas').getContext('2d')!;
      return [...group.querySelectorAll('select')].map((select) => {
        const style = getComputedStyle(select);
        pen.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
        const widest = Math.max(...[...select.options].map((o) => pen.measureText(o.text).width));
        const box = select.getBoundingClientRect();
        const arrow = select.parentElement?.querySelector('svg')?.getBoundingClientRect();
        const textEnds = Math.ceil(box.left + parseFloat(style.borderLeftWidth) + parseFloat(style.paddingLeft) + widest);
        return { part: select.labels?.[0]?.textContent ?? '', top: box.top, textEnds, arrowStarts: arrow ? Math.floor(arrow.left) : null };
      });
    });
    expect(parts.map((p) => p.part)).toEqual(['Date of birth: Day', 'Date of birth: Month', 'Date of birth: Year']);
    expect(new Set(parts.map((p) => p.top)).size).toBe(1);
    for (const p of parts) expect(p.textEnds, `${p.part} beside its arrow`).toBeLessThanOrEqual((p.arrowStarts ?? -Infinity) - 2);
    const level = page.getByRole('group', { name: 'Level' });
    await expect(level).toContainText('Seahorse');
    await level.scrollIntoViewIfNeeded();
    await page.screenshot({ path: test.info().outputPath('phone-student-level.png') });

    // Decision 077: a PDF picked as a picture says it is no picture, and nothing is uploaded.
    let uploads = 0;
    page.on('request', (r) => {
      if (r.url().includes('/api/student/update-profile-picture/')) uploads++;
    });
    const pdf = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF');
    for (const file of [
      { name: 'swim-report.pdf', mimeType: 'application/pdf', buffer: pdf },
      { name: 'photo.jpg', mimeType: 'image/jpeg', buffer: pdf },
    ]) {
      await page.getByTestId('student-picture-input').setInputFiles(file);
      const refused = page.getByText('This file is not a picture. Please choose a JPEG, PNG or WebP image.');
      await expect(refused).toBeVisible();
      await expect(page.getByText(/Something went wrong/)).toHaveCount(0);
      await refused.scrollIntoViewIfNeeded();
      await page.screenshot({ path: test.info().outputPath(`phone-picture-${file.name}.png`) });
    }
    expect(uploads).toBe(0);
  });

  test('"Swimmer updated" shows beside Save, on screen, and goes when the next save is refused (issue 25, 12)', async ({ page, ownWorld }) => {
    const world = await ownWorld(['SPLASH']);
    await signInViaApi(page, { code: world.company('SPLASH').code, email: world.email('parent'), fresh: true });
    await page.goto('/hub/students');
    await page.getByRole('link', { name: /Ella Mitchell/ }).click();
    const save = page.getByRole('button', { name: 'Save changes' });
    await save.click();
    // The company's word for a student, as "Swimmer added" says it (C8).
    const saved = page.getByRole('status').filter({ hasText: 'Swimmer updated' });
    // The long form leaves the page scrolled to the button: the answer is where the thumb is.
    await expect(saved).toBeInViewport();
    await expect(save).toBeInViewport();
    await page.screenshot({ path: test.info().outputPath('phone-student-updated.png') });
    await page.getByLabel('First name').fill('');
    await save.click();
    await expect(page.getByText('Swimmer updated', { exact: true })).toHaveCount(0);
    await page.screenshot({ path: test.info().outputPath('phone-student-refused.png') });
  });
});

test.describe('a company that does not allow student edits', () => {
  test('shows the details read-only, without picture controls (E11)', async ({ page, ownWorld }) => {
    const world = await ownWorld(['SPLASH'], (_name, bundle) => {
      (bundle.company.config as { switches: Record<string, boolean> }).switches.AllowStudentEdit = false;
    });
    await signInViaApi(page, { code: world.company('SPLASH').code, email: world.email('parent'), fresh: true });
    await page.goto('/hub/students');
    await page.getByRole('link', { name: /Noah Mitchell/ }).click();
    await expect(page.getByRole('heading', { name: 'Noah Mitchell' })).toBeVisible();
    await expect(page.getByText('Changes to student details are made by the office.')).toBeVisible();
    await expect(page.getByLabel('First name')).toBeDisabled();
    await expect(page.getByRole('button', { name: 'Save changes' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: /picture/ })).toHaveCount(0);
  });
});
