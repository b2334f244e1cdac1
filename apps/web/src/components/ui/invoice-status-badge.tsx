import type { InvoiceStatus } from '@portal/shared/constants';
import { Badge, type BadgeTone } from '@/components/ui/badge';

/**
 * Status colours are fixed by the spec (D2 §4) rather than by the brand, so a customer reads
 * "red = overdue" the same way in every company's portal.
 */
const STATUS_TONES: Record<InvoiceStatus, BadgeTone> = {
  Scheduled: 'blue',
  'Debit Scheduled': 'blue',
  Paid: 'green',
  Unpaid: 'yellow',
  Overdue: 'red',
};

/** Also used by the financials lists (I7). */
export function InvoiceStatusBadge({ status }: { status: InvoiceStatus }) {
  return (
    <Badge tone={STATUS_TONES[status] ?? 'neutral'} className="gap-1.5">
      <span aria-hidden="true" className="size-1.5 rounded-full bg-current opacity-70" />
      {status}
    </Badge>
  );
}
