import { useId, useState } from 'react';
import { makeupsGivenBackText } from '@portal/shared/class-change-text';
import { Link, useNavigate } from 'react-router';
import type { ClassChangeAnswer, ClassChangeOption } from '@portal/shared/class-schemas';
import { Button, buttonClasses } from '@/components/ui/button';
import { Modal } from '@/components/ui/modal';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { useConfig } from '@/entities/company/get-company-config';
import { errorMessage } from '@/lib/api-client';
import { useCartStore } from '@/lib/cart-store';
import { classWhen } from '@/lib/class-format';
import { formatDate, formatMoney } from '@/lib/format';
import { cn } from '@/lib/cn';
import { useChangeClass, useClassChangeOptions } from '../api/change-class';
import { useOneAtATime } from '@/lib/use-one-at-a-time';

/** What a move costs, as a family reads it before confirming. */
function differenceText(cents: number, symbol: string): string {
  if (cents > 0) return `${formatMoney(cents, symbol)} more to pay`;
  if (cents < 0) return `${formatMoney(-cents, symbol)} back as credit`;
  return 'Same price';
}

/** "10 sessions ($250.00) for the 8 left of Tadpoles – Monday ($200.00)": what the difference is made of. */
function differenceReason(o: ClassChangeOption, fromName: string, symbol: string): string {
  const cost = o.Sessions * o.UnitPriceCents;
  const givenUp = cost - o.PriceDifferenceCents;
  const sessions = (n: number) => `${n} ${n === 1 ? 'session' : 'sessions'}`;
  return `${sessions(o.Sessions)} (${formatMoney(cost, symbol)}) for the ${o.SessionsGivenUp} left of ${fromName} (${formatMoney(givenUp, symbol)})`;
}

/**
 * "Change class" (issue 22 §5, decision 096): the classes the student may move to, each with
 * when it starts and the price difference; confirming moves the student at once and says what
 * it cost (an invoice to pay now, or a credit).
 */
export function ChangeClassDialog({ studentId, studentName, classId, className, onClose }: { studentId: number; studentName: string; classId: number; className: string; onClose: () => void }) {
  const config = useConfig();
  const navigate = useNavigate();
  const symbol = config.localization.CurrencySymbol;
  const dateFormat = config.localization.DateFormat;
  const options = useClassChangeOptions(studentId, classId);
  const change = useChangeClass();
  const changeOnce = useOneAtATime(change);
  const addInvoice = useCartStore((s) => s.addInvoice);
  const [chosen, setChosen] = useState<number | null>(null);
  const [done, setDone] = useState<ClassChangeAnswer | null>(null);
  const name = useId();
  const option: ClassChangeOption | undefined = options.data?.options.find((o) => o.ClassID === chosen);

  if (done) {
    return (
      <Modal
        open
        onOpenChange={(open) => !open && onClose()}
        title="Class changed"
        footer={
          done.invoiceNo ? (
            <>
              <Button variant="secondary" onClick={onClose}>
                Later
              </Button>
              <Button
                onClick={() => {
                  addInvoice(done.invoiceNo!);
                  void navigate(paths.invoiceCheckout);
                }}
              >
                Pay {formatMoney(done.ChargeCents, symbol)} now
              </Button>
            </>
          ) : (
            <Button onClick={onClose}>Done</Button>
          )
        }
      >
        <div role="status" className="space-y-2 text-sm text-ink">
          <p>
            {studentName} moves to <strong>{done.Name}</strong> from {formatDate(done.StartDate, dateFormat)}.
          </p>
          {done.ChargeCents > 0 ? (
            <p>
              The difference of {formatMoney(done.ChargeCents, symbol)} is on invoice {done.invoiceNo}, due today.
            </p>
          ) : null}
          {done.CreditCents > 0 ? <p>{formatMoney(done.CreditCents, symbol)} is a credit on your account for your next payment.</p> : null}
          {/* As the e-mail says it, after the money. */}
          {done.MakeupsGivenBack.length > 0 ? (
            <p>
              {makeupsGivenBackText(
                done.Name,
                done.MakeupsGivenBack.map((d) => formatDate(d, dateFormat)),
              )}
            </p>
          ) : null}
          <p className="text-muted">We have sent you the details by e-mail too.</p>
        </div>
      </Modal>
    );
  }

  return (
    <Modal
      open
      size="lg"
      onOpenChange={(open) => !open && onClose()}
      title={`Change ${studentName}'s class`}
      description={`From ${className} to another class of the same lesson format and level.`}
      footer={
        options.data?.options.length === 0 ? (
          // Nowhere to move to now: the way on is the office, not a button that cannot be pressed.
          <>
            <Link to={paths.contactUs} className={buttonClasses('secondary', 'md')}>
              Contact us
            </Link>
            <Button onClick={onClose}>Done</Button>
          </>
        ) : (
          <>
            <Button variant="secondary" onClick={onClose}>
              Cancel
            </Button>
            <Button
              disabled={!option}
              loading={change.isPending}
              onClick={() => option && changeOnce({ student_id: studentId, from_class_id: classId, to_class_id: option.ClassID }, { onSuccess: setDone, onError: () => void options.refetch() })}
            >
              {option ? `Move to ${option.Name}` : 'Choose a class'}
            </Button>
          </>
        )
      }
    >
      {options.isPending ? (
        <Spinner label="Finding classes to move to" className="py-8" />
      ) : options.isLoadingError ? (
        <p role="alert" className="text-sm text-danger">
          {errorMessage(options.error)}
        </p>
      ) : options.data.options.length === 0 ? (
        <p className="text-sm text-ink">
          There is no other class with a free place to move to just now. The classes of the same lesson format and level are all full, start too soon or are not for {studentName}'s age.
        </p>
      ) : (
        <fieldset>
          <legend className="mb-3 text-sm text-ink-soft">Choose the class to move to. A move takes effect from the new class's first session at least {options.data.NoticeHours} hours ahead.</legend>
          <div className="space-y-2">
            {options.data.options.map((o) => (
              <label
                key={o.ClassID}
                className={cn(
                  'flex cursor-pointer gap-3 rounded-xl border p-3 text-sm has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-primary',
                  chosen === o.ClassID ? 'border-primary bg-primary-tint' : 'border-line bg-surface',
                )}
              >
                <input
                  type="radio"
                  name={name}
                  className="mt-1 size-5 shrink-0 accent-primary"
                  checked={chosen === o.ClassID}
                  onChange={() => setChosen(o.ClassID)}
                  data-autofocus={o === options.data.options[0] ? true : undefined}
                />
                <span className="flex min-w-0 flex-1 flex-wrap items-baseline justify-between gap-x-3 font-semibold text-ink">
                  {o.Name}
                  <span className={cn('tabular-nums', o.PriceDifferenceCents > 0 ? 'text-ink' : 'text-success')}>{differenceText(o.PriceDifferenceCents, symbol)}</span>
                  <span className="block w-full font-normal text-ink-soft">
                    {classWhen(o.Day, o.Time, o.Duration, config.classes_setup?.TimeDisplay)}
                    {o.Venue ? ` · ${o.Venue}` : ''}
                  </span>
                  <span className="block w-full font-normal text-ink-soft">
                    From {formatDate(o.StartDate, dateFormat)} · {o.Sessions} {o.Sessions === 1 ? 'session' : 'sessions'} · {o.PlacesLeft} {o.PlacesLeft === 1 ? 'place' : 'places'} left
                  </span>
                  {o.PriceDifferenceCents !== 0 ? (
                    // Where the difference comes from: this class's sessions from the move against those left of the present one.
                    <span className="block w-full font-normal text-ink-soft">{differenceReason(o, options.data.from.Name, symbol)}</span>
                  ) : null}
                </span>
              </label>
            ))}
          </div>
        </fieldset>
      )}
      {change.isError ? (
        <p role="alert" className="mt-3 rounded-lg border border-danger-line bg-danger-surface px-3 py-2 text-sm text-danger">
          {errorMessage(change.error)}
        </p>
      ) : null}
    </Modal>
  );
}
