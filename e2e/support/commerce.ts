import { inflateSync } from 'node:zlib';
import { expect, type Page } from '@playwright/test';

/** The simulated gateway's test cards (decision 024). */
export const TEST_CARDS = { ok: '4242424242424242', declined: '4000000000000002', challenge: '4000000000003220' };

/** Fills the payment page's card form (the expiry's slash is typed by the page). */
export async function fillCard(page: Page, number: string): Promise<void> {
  await page.getByLabel('Name on card').fill('Sarah Mitchell');
  await page.getByLabel('Card number').fill(number);
  await page.getByLabel('Expiry (MM/YYYY)').pressSequentially('122030');
  await expect(page.getByLabel('Expiry (MM/YYYY)')).toHaveValue('12/2030');
  await page.getByLabel('Security code').fill('123');
}

/**
 * The text a PDF draws, read from its (deflated) content streams: the portal's PDFs write their
 * text as hex strings in TJ arrays, split where kerning moves a glyph.
 */
export function pdfText(pdf: Buffer): string {
  const raw = pdf.toString('latin1');
  const texts: string[] = [];
  for (const m of raw.matchAll(/stream\r?\n([\s\S]*?)\r?\nendstream/g)) {
    let content: string;
    try {
      content = inflateSync(Buffer.from(m[1]!, 'latin1')).toString('latin1');
    } catch {
      content = m[1]!;
    }
    for (const tj of content.matchAll(/\[((?:<[0-9a-fA-F]*>|[-\d.\s])*)\]\s*TJ/g)) {
      texts.push([...tj[1]!.matchAll(/<([0-9a-fA-F]*)>/g)].map((h) => Buffer.from(h[1]!, 'hex').toString('latin1')).join(''));
    }
  }
  return texts.join('\n');
}
