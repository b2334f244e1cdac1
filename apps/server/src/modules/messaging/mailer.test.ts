import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contrastWithWhite } from '@portal/shared/brand-shades';
import type { CompanySettings } from '@portal/shared/company-config';
import { COLOR_SHADES } from '@portal/shared/constants';
import { Browser, startTestApp, testEngines, type TestApp } from '../../test/api-harness.ts';
import { createMailer, renderMail } from './mailer.ts';

/** A palette from its eleven shades, 50 to 950. */
const palette = (hexes: string[]) => Object.fromEntries(COLOR_SHADES.map((shade, i) => [shade, hexes[i]!])) as CompanySettings['colors'];
const SKY = palette(['#f0f9ff', '#e0f2fe', '#bae6fd', '#7dd3fc', '#38bdf8', '#0ea5e9', '#0284c7', '#0369a1', '#075985', '#0c4a6e', '#082f49']);
const INDIGO = palette(['#eef2ff', '#e0e7ff', '#c7d2fe', '#a5b4fc', '#818cf8', '#6366f1', '#4f46e5', '#4338ca', '#3730a3', '#312e81', '#1e1b4b']);
/** A palette so pale that no shade carries white text. */
const LEMON = palette(['#fefce8', '#fef9c3', '#fef08a', '#fde047', '#fde047', '#fde047', '#fde047', '#fde047', '#fde047', '#fde047', '#facc15']);

/** The background of the mail's button. */
const buttonBackground = (html: string) => /<a href="[^"]*" style="[^"]*background:(#[0-9a-f]{6});color:#fff/i.exec(html)?.[1];

describe('the mail layout', () => {
  const action = { label: 'Set a new password', url: 'https://portal.example/reset-password?token=x' };

  it("paints its button in the brand shade the portal's buttons use: 600, or a darker one where white text on 600 is not readable", () => {
    expect(buttonBackground(renderMail({ CompanyDisplayName: 'Indigo Swim', colors: INDIGO }, ['Hello'], action).html)).toBe('#4f46e5');
    // Sky 600 carries white text at 4.1:1 only: the button steps to 700, as the portal's do.
    expect(contrastWithWhite(SKY['600'])).toBeLessThan(4.5);
    const sky = buttonBackground(renderMail({ CompanyDisplayName: 'Sky Tennis', colors: SKY }, ['Hello'], action).html);
    expect(sky).toBe('#0369a1');
    expect(contrastWithWhite(sky!)).toBeGreaterThanOrEqual(4.5);
  });

  it('keeps white text readable where no brand shade can carry it', () => {
    const colour = buttonBackground(renderMail({ CompanyDisplayName: 'Lemon Dance', colors: LEMON }, ['Hello'], action).html);
    expect(colour).toBeDefined();
    expect(contrastWithWhite(colour!)).toBeGreaterThanOrEqual(4.5);
  });

  it('heads the mail with the company’s name in its brand shade and ends it saying who sent it', () => {
    const { html, text } = renderMail({ CompanyDisplayName: 'Indigo Swim', colors: INDIGO }, ['Hello', 'Your class moved.']);
    expect(/<h1[^>]*color:(#[0-9a-f]{6})[^>]*>Indigo Swim<\/h1>/i.exec(html)?.[1]).toBe('#4f46e5');
    expect(html).toContain('<p style="margin:0 0 16px">Your class moved.</p>');
    expect(html).toMatch(/Sent by Indigo Swim through its Customer Hub\./);
    // The layout is a table a mail client lays out at any width, at most 560 px wide.
    expect(html).toContain('max-width:560px');
    expect(text).toBe('Hello\n\nYour class moved.\n\n\n\nIndigo Swim');
  });

  it('a reset e-mail of a company with a green brand carries its green button', async () => {
    // ACE's palette is green: white text on its 600 (#16a34a) falls short of 4.5:1, so 700.
    const t = await startTestApp('sqlite');
    try {
      const b = new Browser(t.server);
      await b.enterCompany('ACE');
      expect((await b.post('/api/customer/forget-password', { email: 'parent@example.com', url: 'http://portal.test/reset-password' })).status).toBe(200);
      const mail = await t.lastMailTo('parent@example.com');
      expect(mail?.subject).toBe('Reset your Ace Tennis Academy password');
      expect(buttonBackground(mail?.html ?? '')).toBe('#15803d');
    } finally {
      await t.close();
    }
  });
});

describe.each(testEngines())('a mail sent while the minute job looks for undelivered mail, on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(engine);
  });
  afterAll(() => t.close());

  const fresh = () => `slow.${crypto.randomBytes(4).toString('hex')}@example.com`;
  const received = (to: string) => t.mailbox.received.filter((m) => m.to === to).length;
  /** Queues a welcome to `to` on a slow SMTP server; answers once its outbox row is written and its delivery is under way. */
  const queuedSlowly = async (to: string) => {
    const release = t.mailbox.stall();
    t.runtime.ctx.mailer.queue({ companyId: null, to, subject: 'Welcome', text: 'Hello', html: '<p>Hello</p>' });
    await expect.poll(async () => (await t.runtime.ctx.db.selectFrom('outbox').select('id').where('to_address', '=', to).execute()).length).toBe(1);
    return release;
  };

  it('is delivered once when another process’s minute job runs while the SMTP server is still answering (its waits may take two minutes)', async () => {
    const to = fresh();
    const release = await queuedSlowly(to);
    const other = createMailer(t.runtime.ctx.db, t.runtime.ctx.log, { smtpUrl: t.mailbox.url, from: 'portal@example.com' });
    try {
      const job = other.deliverPending(new Date(Date.now() + 2 * 60_000));
      await new Promise((resolve) => setTimeout(resolve, 200));
      release();
      await job;
      await t.runtime.ctx.mailer.flush();
      expect(received(to)).toBe(1);
    } finally {
      release();
      await other.close();
    }
  });

  it('is delivered once when its own process’s minute job runs meanwhile, whatever the job’s clock says', async () => {
    const to = fresh();
    const release = await queuedSlowly(to);
    try {
      const job = t.runtime.ctx.mailer.deliverPending(new Date(Date.now() + 60 * 60_000));
      await new Promise((resolve) => setTimeout(resolve, 200));
      release();
      await job;
      await t.runtime.ctx.mailer.flush();
      expect(received(to)).toBe(1);
    } finally {
      release();
    }
  });
});
