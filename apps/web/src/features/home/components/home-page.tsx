import { useRef, type ReactNode } from 'react';
import * as Tabs from '@radix-ui/react-tabs';
import { homeEndpoints } from '@portal/shared/endpoints/home';
import { useCan, useCurrentUser } from '@/entities/customer/identity';
import { useMarkContentPainted } from '@/lib/content-painted';
import { errorMessage } from '@/lib/api-client';
import { LoadMoreButton } from '@/components/ui/list-states';
import { useLoadMore } from '@/lib/use-load-more';
import { useOutstandingInvoices } from '../api/get-outstanding-invoices';
import { useUpcomingClasses } from '../api/get-upcoming-classes';
import { OpenInvoicesList } from './open-invoices-list';
import { UpcomingClassesList } from './upcoming-classes-list';
import { WelcomeLanding } from './welcome-landing';
import { useConfig } from '@/entities/company/get-company-config';
import { useAmountOwed } from '@/entities/payments/get-amount-owed';
import { AmountOwedBanner } from '@/components/payment/amount-owed-banner';

type HomeTab = 'classes' | 'invoices';

/** The signed-in home (D2 "Home"): upcoming classes and open invoices, or the welcome landing. */
export function HomePage() {
  const user = useCurrentUser();
  // A guardian sees what their role allows (decision 101): a payer no schedules, a viewer no money.
  const seeClasses = useCan(homeEndpoints.upcomingClasses);
  const seeMoney = useCan(homeEndpoints.outstandingInvoices);
  const classes = useUpcomingClasses(seeClasses);
  const invoices = useOutstandingInvoices(seeMoney);
  // "You owe $X" paints with the lists, so nothing moves under the family's thumb (decision 072).
  const payOnline = useConfig().fin_setup.InvoicesPaidOnline && seeMoney;
  const owed = useAmountOwed(payOnline);
  const classList = useRef<HTMLDivElement>(null);
  const invoiceList = useRef<HTMLDivElement>(null);
  const moreClasses = useLoadMore(classList, () => classes.fetchNextPage());
  const moreInvoices = useLoadMore(invoiceList, () => invoices.fetchNextPage());
  const pending = user === null || (seeClasses && classes.isPending) || (seeMoney && invoices.isPending) || (payOnline && owed.isPending);
  // The bells wait for this: they load once the home's content has painted (decision 038).
  useMarkContentPainted(!pending);

  // Wait for both answers: which tab opens first depends on whether classes exist (D3). The
  // header is the customer's own and paints at once; only the lists wait.
  if (pending) {
    return (
      <HomeFrame firstName={user?.FirstName} sees={{ classes: seeClasses, money: seeMoney }}>
        <ListsSkeleton />
      </HomeFrame>
    );
  }

  const classItems = classes.data?.pages.flatMap((p) => p.upcoming_classes) ?? [];
  const invoiceItems = invoices.data?.pages.flatMap((p) => p.invoices) ?? [];
  const failures = [classes.error, invoices.error, payOnline ? owed.error : null].filter((e): e is Error => e != null);
  // Everything the page shows is asked again: the amount owed too, or its banner would stay away after an outage.
  const retry = () => void Promise.all([classes.refetch(), invoices.refetch(), ...(payOnline ? [owed.refetch()] : [])]);

  if (classItems.length === 0 && invoiceItems.length === 0) {
    if (failures.length > 0) {
      return (
        <HomeFrame firstName={user?.FirstName} sees={{ classes: seeClasses, money: seeMoney }}>
          <LoadError message={errorMessage(failures[0])} onRetry={retry} />
        </HomeFrame>
      );
    }
    return <WelcomeLanding />;
  }

  const classesPanel = (
    <>
      <div ref={classList}>
        <UpcomingClassesList items={classItems} />
      </div>
      {classes.hasNextPage && (
        <div className="mt-5 flex justify-center">
          <LoadMoreButton loading={classes.isFetchingNextPage} onClick={moreClasses} />
        </div>
      )}
    </>
  );
  const invoicesPanel = (
    <>
      <div ref={invoiceList}>
        <OpenInvoicesList items={invoiceItems} />
      </div>
      {invoices.hasNextPage && (
        <div className="mt-5 flex justify-center">
          <LoadMoreButton loading={invoices.isFetchingNextPage} onClick={moreInvoices} />
        </div>
      )}
    </>
  );

  return (
    <HomeFrame firstName={user?.FirstName} sees={{ classes: seeClasses, money: seeMoney }}>
      <AmountOwedBanner owed={owed.data} className="mb-6" />
      {failures.length > 0 && <LoadError message={errorMessage(failures[0])} onRetry={retry} />}
      {classItems.length > 0 && invoiceItems.length > 0 ? (
        <Tabs.Root defaultValue={'classes' satisfies HomeTab}>
          <Tabs.List aria-label="Your classes and invoices" className="mb-5 inline-flex w-full flex-wrap gap-1 rounded-3xl bg-surface-muted p-1 sm:w-auto">
            <HomeTabTrigger value="classes">Upcoming Classes</HomeTabTrigger>
            <HomeTabTrigger value="invoices">Open Invoices</HomeTabTrigger>
          </Tabs.List>
          <Tabs.Content value="classes" tabIndex={-1} className="outline-none">
            {classesPanel}
          </Tabs.Content>
          <Tabs.Content value="invoices" tabIndex={-1} className="outline-none">
            {invoicesPanel}
          </Tabs.Content>
        </Tabs.Root>
      ) : classItems.length > 0 ? (
        <section aria-labelledby="home-classes-heading">
          <h2 id="home-classes-heading" className="mb-4 text-lg font-semibold text-ink">
            Upcoming Classes
          </h2>
          {classesPanel}
        </section>
      ) : (
        <section aria-labelledby="home-invoices-heading">
          <h2 id="home-invoices-heading" className="mb-4 text-lg font-semibold text-ink">
            Open Invoices
          </h2>
          {invoicesPanel}
        </section>
      )}
    </HomeFrame>
  );
}

/** On a phone the two share the row by their words' widths (flex-auto), so a wide font keeps "Upcoming Classes" on one line. */
function HomeTabTrigger({ value, children }: { value: HomeTab; children: string }) {
  return (
    <Tabs.Trigger
      value={value}
      className="min-h-10 flex-auto rounded-full px-3 py-2 text-sm sm:min-h-0 font-semibold text-muted transition hover:text-ink focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 data-[state=active]:bg-surface data-[state=active]:text-primary-tint-ink data-[state=active]:shadow-sm sm:flex-none sm:px-5"
    >
      {children}
    </Tabs.Trigger>
  );
}

/** What the home lists, in the words of what the one signed in may see (a payer no classes, a viewer no money). */
function subtitleOf(sees: { classes: boolean; money: boolean }): string {
  if (!sees.money) return 'Your upcoming classes.';
  if (!sees.classes) return 'Anything waiting to be paid.';
  return 'Your upcoming classes and anything waiting to be paid.';
}

function HomeFrame({ firstName, sees, children }: { firstName?: string | undefined; sees: { classes: boolean; money: boolean }; children: ReactNode }) {
  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-6 sm:px-6 sm:py-10">
      <header className="mb-6 sm:mb-8">
        <p className="text-sm font-semibold uppercase tracking-wider text-primary-tint-ink">Customer Hub</p>
        <h1 className="mt-1 text-2xl font-bold tracking-tight wrap-anywhere text-ink sm:text-3xl">{firstName ? `Hi ${firstName}` : 'Hello'}</h1>
        <p className="mt-1 text-muted">{subtitleOf(sees)}</p>
      </header>
      {children}
    </div>
  );
}

function LoadError({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <div role="alert" className="mb-5 flex items-start justify-between gap-4 rounded-xl border border-danger-line bg-danger-surface px-4 py-3 text-sm text-danger">
      <p>{message}</p>
      <button type="button" onClick={onRetry} className="shrink-0 font-semibold underline hover:no-underline">
        Try again
      </button>
    </div>
  );
}

function ListsSkeleton() {
  return (
    <div aria-busy="true">
      <p className="sr-only" role="status">
        Loading your classes and invoices…
      </p>
      <div aria-hidden="true" className="animate-pulse space-y-4">
        <div className="h-10 w-80 max-w-full rounded-full bg-surface-muted" />
        <div className="space-y-2 rounded-2xl border border-line bg-surface p-4">
          {Array.from({ length: 5 }, (_, i) => (
            <div key={i} className="h-10 rounded bg-surface-muted" />
          ))}
        </div>
      </div>
    </div>
  );
}
