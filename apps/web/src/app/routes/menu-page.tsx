import { Link } from 'react-router';
import { ChevronRightIcon } from '@/components/ui/icons';
import { PageHeader } from '@/components/ui/page-header';
import type { NavItem } from '../components/nav-items';

/** A phone menu page: one large row per sub-page (B38). */
export function MenuPage({ title, items }: { title: string; items: NavItem[] }) {
  return (
    <div className="mx-auto w-full max-w-2xl px-4 py-6">
      <PageHeader title={title} />
      <nav aria-label={title}>
        <ul className="divide-y divide-slate-100 overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm">
          {items.map((item) => (
            <li key={item.to}>
              <Link to={item.to} className="flex min-h-14 items-center gap-3 px-4 py-3 text-base font-medium text-slate-800 hover:bg-slate-50">
                <span className="flex size-10 items-center justify-center rounded-xl bg-brand-50 text-brand-800">{item.icon}</span>
                <span className="flex-1">{item.label}</span>
                <ChevronRightIcon className="size-5 text-slate-400" />
              </Link>
            </li>
          ))}
        </ul>
      </nav>
    </div>
  );
}
