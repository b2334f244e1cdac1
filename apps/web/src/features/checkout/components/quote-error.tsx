import { Link } from 'react-router';
import { Button, buttonClasses } from '@/components/ui/button';
import { paths } from '@/config/paths';

/** A line of the cart the family can take out by itself. */
export interface CartLine {
  key: string;
  label: string;
  onRemove: () => void;
}

/**
 * A cart the server would not price (a class that filled, a court taken): its reason, and a way
 * out. With the cart's lines, each can be taken out alone, so the family keeps the rest of its
 * cart and looks for another class (`findClass`); emptying the whole cart is the last resort.
 */
export function QuoteError({ message, lines = [], findClass = false, onClear }: { message: string; lines?: readonly CartLine[]; findClass?: boolean; onClear: () => void }) {
  return (
    <div role="alert" className="rounded-2xl border border-danger-line bg-danger-surface px-4 py-6 text-sm text-danger">
      <p className="text-center">{message}</p>
      {lines.length > 0 ? (
        <ul aria-label="Your cart" className="mt-4 divide-y divide-danger-line rounded-xl border border-danger-line bg-surface text-ink">
          {lines.map((line) => (
            <li key={line.key} className="flex items-center justify-between gap-3 px-3 py-2">
              <span className="min-w-0 break-words">{line.label}</span>
              <Button variant="secondary" size="sm" aria-label={`Remove ${line.label}`} onClick={line.onRemove}>
                Remove
              </Button>
            </li>
          ))}
        </ul>
      ) : null}
      <div className="mt-4 flex flex-wrap justify-center gap-2">
        {findClass ? (
          <Link to={paths.classes} className={buttonClasses('secondary', 'sm')}>
            Find another class
          </Link>
        ) : null}
        <Button variant="secondary" size="sm" onClick={onClear}>
          Empty the cart
        </Button>
      </div>
    </div>
  );
}
