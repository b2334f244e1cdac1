import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { CountBadge } from '@/components/ui/badge';
import { ShoppingCartIcon } from 'lucide-react';
import { selectCartCount, useCartStore } from '@/lib/cart-store';

/** Class items plus booking items, linking to checkout (B9). */
export function CartButton() {
  const count = useCartStore(selectCartCount);
  return (
    <Link
      to={paths.checkout}
      className="relative inline-flex size-tap items-center justify-center rounded-full text-nav-ink hover:bg-nav-hover"
      aria-label={count > 0 ? `Cart, ${count} ${count === 1 ? 'item' : 'items'}` : 'Cart'}
    >
      <ShoppingCartIcon className="size-glyph" />
      <CountBadge count={count} />
    </Link>
  );
}
