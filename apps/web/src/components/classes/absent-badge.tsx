import { Badge } from '@/components/ui/badge';

/** A session the child will miss, or missed: "Absent", with the reason given where there is one (the Enrollments page, home, make-ups). */
export function AbsentBadge({ reason, className }: { reason?: string | null; className?: string }) {
  return (
    <Badge tone="yellow" className={className}>
      Absent{reason ? ` – ${reason}` : ''}
    </Badge>
  );
}
