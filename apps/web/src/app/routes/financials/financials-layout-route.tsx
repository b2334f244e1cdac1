import { NavLink, Outlet, useNavigate, useParams } from 'react-router';
import { ArrowLeftIcon } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { PageHeader } from '@/components/ui/page-header';
import { paths } from '@/config/paths';
import { cn } from '@/lib/cn';
import { AmountOwedBanner } from '@/components/payment/amount-owed-banner';
import { useConfig } from '@/entities/company/get-company-config';
import { useAmountOwed } from '@/entities/payments/get-amount-owed';

const TABS = [
  { to: paths.invoicesAndReceipts, label: 'Invoices & Receipts' },
  { to: paths.balanceHistory, label: 'Balance History' },
  { to: paths.upcomingPayments, label: 'Upcoming Payments' },
];

/** Titled Financials with its three tabs; an open invoice shows Back instead (I3, I14). */
export default function FinancialsLayoutRoute() {
  const { invoiceNo } = useParams();
  const navigate = useNavigate();
  const owed = useAmountOwed(useConfig().fin_setup.InvoicesPaidOnline && !invoiceNo);
  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-6 sm:px-6 sm:py-10">
      <PageHeader
        title="Financials"
        actions={
          invoiceNo ? (
            <Button variant="secondary" onClick={() => (window.history.length > 1 ? void navigate(-1) : void navigate(paths.invoicesAndReceipts))}>
              <ArrowLeftIcon aria-hidden="true" /> Back
            </Button>
          ) : undefined
        }
      />
      {invoiceNo ? null : <AmountOwedBanner owed={owed.data} className="mb-6" />}
      {invoiceNo ? null : (
        <nav aria-label="Financials" className="mb-6">
          {/* On a phone the three tabs share the row, each label wrapping if it must, none cut off. */}
          <ul className="grid grid-cols-3 gap-1 rounded-2xl bg-surface-muted p-1 sm:inline-flex sm:rounded-full">
            {TABS.map((tab) => (
              <li key={tab.to}>
                <NavLink
                  to={tab.to}
                  className={({ isActive }) =>
                    cn(
                      'flex h-full min-h-10 items-center justify-center rounded-xl px-2 text-center text-sm leading-tight font-semibold transition sm:rounded-full sm:px-4 sm:whitespace-nowrap',
                      isActive ? 'bg-surface text-primary-ink shadow-sm' : 'text-muted hover:text-ink',
                    )
                  }
                >
                  {tab.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
      )}
      <Outlet />
    </div>
  );
}
