import { useId, type ReactNode } from 'react';
import { Link } from 'react-router';
import { Badge } from '@/components/ui/badge';
import { Button, buttonClasses } from '@/components/ui/button';
import { ApiRequestError, errorMessage } from '@/lib/api-client';
import { cn } from '@/lib/cn';
import type { CartLine } from '../lib/cart-lines';
import { JoinWaitlist } from './join-waitlist';

/** The lines a refusal names (a court booked or a class filled by another family meanwhile); none when it names none. */
export function namedLines(error: unknown, lines: readonly CartLine[]): CartLine[] {
  if (!(error instanceof ApiRequestError)) return [];
  return lines.filter((line) => line.field !== undefined && error.errors.some((e) => e.field === line.field));
}

/** A refusal only of the family's own bookings and places, made meanwhile on another device: to take out, not an error. */
function ownBookingsOnly(error: unknown): boolean {
  return error instanceof ApiRequestError && error.errors.length > 0 && error.errors.every((e) => e.code === 'BOOKED_BY_FAMILY' || e.code === 'ALREADY_ENROLLED');
}

/** How a named line is marked: a class the child is already in, "Full" for a class, and a court by whose it now is (the line's own code). */
function badgeOf(error: ApiRequestError, line: CartLine): { text: string; own: boolean; full: boolean } {
  if (error.errors.some((e) => e.field === line.field && e.code === 'ALREADY_ENROLLED')) return { text: 'Already enrolled', own: true, full: false };
  if (error.code === 'CLASS_FULL') return { text: 'Full', own: false, full: true };
  const own = error.errors.some((e) => e.field === line.field && e.code === 'BOOKED_BY_FAMILY');
  return own ? { text: 'In My bookings', own, full: false } : { text: 'Just booked', own, full: false };
}

/**
 * The cart's lines under a refusal, each with Remove; a line the refusal names is marked ("Just
 * booked" for a court another family took, "In My bookings" for one the family itself has booked,
 * "Full" for a class, with its waitlist for a term place), and then only the named lines are listed.
 */
export function RefusedLines({ error, lines }: { error: unknown; lines: readonly CartLine[] }) {
  const named = namedLines(error, lines);
  const edges = ownBookingsOnly(error) ? 'divide-line border-line' : 'divide-danger-line border-danger-line';
  return (
    <ul aria-label="Your cart" className={cn('mt-4 divide-y rounded-xl border bg-surface text-left text-ink', edges)}>
      {(named.length > 0 ? named : lines).map((line) => {
        // A line is named only by a refusal that answered (an ApiRequestError).
        const badge = named.length > 0 ? badgeOf(error as ApiRequestError, line) : null;
        return <RefusedLineRow key={line.key} line={line} badge={badge} full={badge?.full ?? false} className="px-3 py-2" />;
      })}
    </ul>
  );
}

/**
 * A refused line of the cart: its name with what is said of it (a badge, or the refusal's own
 * words), the waitlist of a class that is full, and Remove.
 */
export function RefusedLineRow({
  line,
  badge = null,
  refusal = null,
  full,
  className,
}: {
  line: CartLine;
  badge?: { text: string; own: boolean } | null;
  refusal?: string | null;
  full: boolean;
  className?: string;
}) {
  return (
    <li className={cn('flex flex-wrap items-center justify-end gap-x-3 gap-y-2', className)}>
      <span className="min-w-0 flex-1 basis-40 break-words">
        {line.label}
        {badge ? (
          <>
            {' '}
            <Badge tone={badge.own ? 'brand' : 'red'}>{badge.text}</Badge>
          </>
        ) : null}
        {refusal ? <span className="font-medium">: {refusal}</span> : null}
      </span>
      {full && line.waitlist ? <JoinWaitlist line={line} waitlist={line.waitlist} /> : null}
      <Button variant="secondary" size="sm" aria-label={`Remove ${line.label}`} onClick={line.onRemove}>
        Remove
      </Button>
    </li>
  );
}

/**
 * A cart the server would not price: its reason, and a way out. A refusal of what the cart holds
 * (a class that filled, a court taken, an invoice paid meanwhile) lists the cart's lines, each
 * to take out alone, so the family keeps the rest (a refusal naming its lines, such as a court
 * booked meanwhile, lists only those); a class that filled also leads to the classes
 * (`findClassHref`). An answer that never came (the network, the server) offers to try again.
 * Emptying the whole cart is the last resort. Only the reason is announced, not the list; a refusal
 * only of the family's own bookings is said calmly, as no error.
 */
export function QuoteError({
  error,
  lines = [],
  findClassHref = null,
  onRetry,
  onClear,
}: {
  error: unknown;
  lines?: readonly CartLine[];
  findClassHref?: string | null;
  onRetry: () => void;
  onClear: () => void;
}) {
  const refused = error instanceof ApiRequestError && error.status >= 400 && error.status < 500;
  const classFull = error instanceof ApiRequestError && error.code === 'CLASS_FULL';
  return (
    <RefusalBox error={error}>
      {refused && lines.length > 0 ? <RefusedLines error={error} lines={lines} /> : null}
      <div className="mt-4 flex flex-wrap justify-center gap-2">
        {refused ? null : (
          <Button variant="secondary" size="sm" onClick={onRetry}>
            Try again
          </Button>
        )}
        {classFull && findClassHref ? (
          <Link to={findClassHref} className={buttonClasses('secondary', 'sm')}>
            Find another class
          </Link>
        ) : null}
        <Button variant="secondary" size="sm" onClick={onClear}>
          Empty the cart
        </Button>
      </div>
    </RefusalBox>
  );
}

/** How a box says the family's own bookings and places: calm, as nothing went wrong. */
export const CALM_BOX = 'border-line bg-surface-muted text-ink';

/**
 * The box a refused quote is said in, on the checkout and the payment page alike: calm for the
 * family's own bookings and places made meanwhile (only to take out), red otherwise. Its message is
 * read out either way (an alert: it replaces the cart's totals the family was waiting for).
 */
export function RefusalBox({ error, children }: { error: unknown; children?: ReactNode }) {
  const messageId = useId();
  return (
    <section aria-labelledby={messageId} className={cn('rounded-2xl border px-4 py-6 text-sm', ownBookingsOnly(error) ? CALM_BOX : 'border-danger-line bg-danger-surface text-danger')}>
      <p id={messageId} role="alert" className="text-center">
        {errorMessage(error)}
      </p>
      {children}
    </section>
  );
}
