import { Link } from 'react-router';
import { CircleCheckIcon } from 'lucide-react';
import { useState } from 'react';
import type { PaymentAnswer } from '@portal/shared/payment-schemas';
import { startDirectDebit } from '@/entities/payments/direct-debit';
import { errorMessage } from '@/lib/api-client';
import { Button, buttonClasses } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { formatMoney } from '@/lib/format';
import type { ChosenClass } from '../lib/registration-state';
import { ChosenClassLabel } from './chosen-class-label';
import { StepCard } from './step-card';

/** What one student was registered for. */
export interface EnrolledStudent {
  name: string;
  classes: ChosenClass[];
}

function paymentLine(payment: PaymentAnswer): string {
  const amount = formatMoney(payment.amountCents, payment.currencySymbol);
  return payment.processor === 'direct_debit' ? `${amount} will be collected from your bank account by direct debit.` : `${amount} was paid by card.`;
}

/**
 * N31 classRegistration: the registration is complete and the family signed in. It shows who went
 * into which classes (waitlist places marked), the invoice and receipt, and the way on: setting a
 * password first when the account still needs one (L8). A profile without classes ends here too,
 * with the students it registered, if any, and nothing about a payment.
 */
export function ClassRegistrationStep({
  students,
  payment,
  needsPassword,
  studentTerm,
  description = 'Thank you. Your account is ready.',
  setUpDirectDebit = false,
}: {
  students: readonly EnrolledStudent[];
  payment: PaymentAnswer | null;
  needsPassword: boolean;
  studentTerm: string;
  description?: string;
  /** Paid by direct debit where GoCardless takes the mandate: the family sets it up now, signed in (decision 104). */
  setUpDirectDebit?: boolean;
}) {
  const [leaving, setLeaving] = useState(false);
  const withClasses = Boolean(payment) || students.some((s) => s.classes.length > 0);
  const [failed, setFailed] = useState<string | null>(null);
  async function goToGoCardless() {
    setLeaving(true);
    try {
      window.location.assign((await startDirectDebit('billing')).authorisationUrl);
    } catch (e) {
      setFailed(errorMessage(e));
      setLeaving(false);
    }
  }
  return (
    <StepCard
      title="Registration complete"
      description={description}
      action={
        <Link to={needsPassword ? paths.signInActions : paths.company} className={buttonClasses('primary', 'lg', 'sm:min-w-44')}>
          {needsPassword ? 'Set your password' : 'Go to the Customer Hub'}
        </Link>
      }
    >
      <div className="flex flex-col gap-5">
        {withClasses ? (
          <p className="flex gap-2 rounded-xl border border-success-line bg-success-surface px-4 py-3 text-sm text-ink">
            <CircleCheckIcon aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-success" />
            {payment ? paymentLine(payment) : 'Nothing was charged.'}
          </p>
        ) : null}
        {setUpDirectDebit ? (
          <div className="rounded-xl border border-primary-line bg-primary-tint px-4 py-3 text-sm text-primary-tint-ink">
            <p className={needsPassword ? undefined : 'mb-3'}>
              {needsPassword
                ? 'One more step: once you have set your password, set up your Direct Debit in Billing on GoCardless’s secure pages, so that it can be collected.'
                : 'One more step: set up your Direct Debit on GoCardless’s secure pages, so that it can be collected.'}
            </p>
            {needsPassword ? null : failed ? (
              <p role="alert" className="mb-3 text-danger">
                {failed}
              </p>
            ) : null}
            {needsPassword ? null : (
              <Button loading={leaving} onClick={() => void goToGoCardless()}>
                Set up Direct Debit
              </Button>
            )}
          </div>
        ) : null}
        {students.length > 0 ? (
          <ul className="flex flex-col gap-3" aria-label={withClasses ? `${studentTerm}s and their classes` : `${studentTerm}s registered`}>
            {students.map((s, i) => (
              <li key={i} className="rounded-xl border border-line px-4 py-3">
                <h2 className="font-semibold text-ink">{s.name}</h2>
                {withClasses ? (
                  <ul className="mt-2 flex flex-col gap-2 border-t border-line-soft pt-2" aria-label={`Classes for ${s.name}`}>
                    {s.classes.map((c) => (
                      <li key={c.ClassID}>
                        <ChosenClassLabel cls={c} />
                      </li>
                    ))}
                  </ul>
                ) : null}
              </li>
            ))}
          </ul>
        ) : null}
        {payment && (payment.invoiceNos.length > 0 || payment.receiptNo) ? (
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 rounded-xl bg-canvas px-4 py-3 text-sm">
            {payment.invoiceNos.length > 0 ? (
              <>
                <dt className="text-ink-soft">{payment.invoiceNos.length === 1 ? 'Invoice' : 'Invoices'}</dt>
                <dd className="font-medium text-ink">{payment.invoiceNos.join(', ')}</dd>
              </>
            ) : null}
            {payment.receiptNo ? (
              <>
                <dt className="text-ink-soft">Receipt</dt>
                <dd className="font-medium text-ink">{payment.receiptNo}</dd>
              </>
            ) : null}
          </dl>
        ) : null}
        {needsPassword ? <p className="text-sm text-ink-soft">Next, choose a password for your account so you can sign in to the Customer Hub.</p> : null}
      </div>
    </StepCard>
  );
}
