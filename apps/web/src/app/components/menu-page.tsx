import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { ChevronRightIcon } from 'lucide-react';
import { PageHeader } from '@/components/ui/page-header';
import type { NavItem } from './nav-items';

/** A phone menu page: one large row per sub-page (B38), under `lead` where the section has one. */
export function MenuPage({ title, items, lead }: { title: string; items: NavItem[]; lead?: ReactNode }) {
  return (
    <div className="mx-auto w-full max-w-2xl px-4 py-6">
      <PageHeader title={title} />
      {lead}
      <nav aria-label={title}>
        <ul className="divide-y divide-line-soft overflow-hidden rounded-2xl border border-line bg-surface shadow-sm">
          {items.map((item) => (
            <li key={item.to}>
              <Link to={item.to} className="flex min-h-14 items-center gap-3 px-4 py-3 text-base font-medium text-ink hover:bg-canvas">
                <span className="flex size-10 items-center justify-center rounded-xl bg-primary-tint text-primary-tint-ink">{item.icon}</span>
                <span className="flex-1">{item.label}</span>
                <ChevronRightIcon className="size-5 text-faint" />
              </Link>
            </li>
          ))}
        </ul>
      </nav>
    </div>
  );
}
