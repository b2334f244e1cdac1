import { Button } from '@/components/ui/button';

/** A cart the server would not price (a class gone, a court taken): its reason, and a way out. */
export function QuoteError({ message, onClear }: { message: string; onClear: () => void }) {
  return (
    <div role="alert" className="rounded-2xl border border-danger-line bg-danger-surface px-4 py-6 text-center text-sm text-danger">
      <p>{message}</p>
      <Button variant="secondary" size="sm" className="mt-3" onClick={onClear}>
        Empty the cart
      </Button>
    </div>
  );
}
