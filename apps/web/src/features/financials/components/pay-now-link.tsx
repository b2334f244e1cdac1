import { useNavigate } from 'react-router';
import { CheckIcon } from 'lucide-react';
import { buttonClasses } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { useCartStore } from '@/lib/cart-store';

/**
 * Pay Now (I6, I9): puts the invoice in the invoice cart once (a tick shows when it is
 * already there) and goes to the invoice checkout.
 */
export function PayNowLink({ invoiceNumber, className = '' }: { invoiceNumber: string; className?: string }) {
  const navigate = useNavigate();
  const inCart = useCartStore((s) => s.invoices.includes(invoiceNumber));
  const setInvoices = useCartStore((s) => s.setInvoices);
  return (
    <a
      href={paths.invoiceCheckout}
      onClick={(e) => {
        e.preventDefault();
        const current = useCartStore.getState().invoices;
        if (!current.includes(invoiceNumber)) setInvoices([...current, invoiceNumber]);
        void navigate(paths.invoiceCheckout);
      }}
      className={buttonClasses('primary', 'sm', className)}
    >
      {inCart ? <CheckIcon aria-label="In your cart" /> : null}
      Pay Now <span className="sr-only">invoice {invoiceNumber}</span>
    </a>
  );
}
