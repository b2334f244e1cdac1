import type { InvoiceLineType } from './pricing-types.ts';

/**
 * How an invoice line's type reads to a family. The data keeps the spec's H17 values; the two a
 * school keeps for its own books ("Custom", "Additional Invoice Item") read as a parent would
 * say them, the others as they are.
 */
const LABELS: Partial<Record<InvoiceLineType, string>> = {
  Custom: 'Charge',
  'Additional Invoice Item': 'Extra item',
};

/**
 * The type shown beside a line, or null when its description already says it
 * ("Discount Code SUMMER10" is not followed by "Discount Code" again).
 */
export function lineTypeLabel(type: string, description = ''): string | null {
  const label = LABELS[type as InvoiceLineType] ?? type;
  const said = description.trim().toLowerCase();
  return said.startsWith(type.toLowerCase()) || said.startsWith(label.toLowerCase()) ? null : label;
}
