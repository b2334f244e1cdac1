import type { InvoiceLineType } from './pricing-types.ts';

/**
 * How an invoice line's type reads to a family, in order of preference. The data keeps the spec's
 * H17 values; the two a school keeps for its own books ("Custom", "Additional Invoice Item") read
 * as a parent would say them, the others as they are. The card fee has a second wording: its line
 * is often described by the first ("Credit Card Surcharge"), and its Type cell is never left empty.
 */
const WORDINGS: Partial<Record<InvoiceLineType, readonly string[]>> = {
  Custom: ['Charge'],
  'Additional Invoice Item': ['Extra item'],
  'Credit Card Surcharge': ['Credit Card Surcharge', 'Card surcharge'],
};

/**
 * The type shown beside a line: its first wording the description does not already start with,
 * or null when it says them all ("Discount Code SUMMER10" is not followed by "Discount Code").
 */
export function lineTypeLabel(type: string, description = ''): string | null {
  const said = description.trim().toLowerCase();
  return (WORDINGS[type as InvoiceLineType] ?? [type]).find((w) => !said.startsWith(w.toLowerCase())) ?? null;
}
