import { useEffect, useRef, type ReactNode } from 'react';
import { ArrowLeftIcon } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/cn';

export interface StepCardProps {
  title: string;
  description?: ReactNode;
  /** "Step 2 of 4" above the title. */
  step?: { index: number; count: number };
  children: ReactNode;
  /** The main action (Next, Submit); full width on a phone. */
  action?: ReactNode;
  onBack?: () => void;
  backDisabled?: boolean;
}

/**
 * One page of the registration: a card with its title, content and actions. N32: Back sits in
 * the card's footer on a wide screen and under the card on a phone.
 */
export function StepCard({ title, description, step, children, action, onBack, backDisabled }: StepCardProps) {
  const heading = useRef<HTMLHeadingElement>(null);
  // A new page takes focus to its title, so keyboard and screen-reader users start at its top.
  useEffect(() => {
    heading.current?.focus({ preventScroll: true });
  }, [title]);
  const back = (className: string) =>
    onBack ? (
      <Button variant="ghost" onClick={onBack} disabled={backDisabled} icon={<ArrowLeftIcon aria-hidden="true" className="size-4" />} className={className}>
        Back
      </Button>
    ) : null;
  return (
    <div className="flex flex-col gap-3">
      <section aria-labelledby="registration-step-title" className="rounded-2xl border border-line bg-surface p-5 shadow-sm sm:p-8">
        {step ? (
          <p className="mb-1 text-xs font-semibold tracking-wide text-primary-ink uppercase">
            Step {step.index} of {step.count}
          </p>
        ) : null}
        <h1 id="registration-step-title" ref={heading} tabIndex={-1} className="text-2xl font-bold tracking-tight text-ink focus:outline-none">
          {title}
        </h1>
        {description ? <div className="mt-1.5 text-sm text-ink-soft">{description}</div> : null}
        <div className="mt-6">{children}</div>
        {action || onBack ? (
          // With Back only, the footer is for a wide screen: on a phone Back sits under the card and the footer would be empty.
          <div className={cn('mt-8 flex-col gap-3 border-t border-line-soft pt-5 sm:flex sm:flex-row sm:items-center sm:justify-between', action ? 'flex' : 'hidden')}>
            {back('hidden sm:inline-flex')}
            <div className="flex flex-col sm:ml-auto sm:flex-row">{action}</div>
          </div>
        ) : null}
      </section>
      {back('w-full sm:hidden')}
    </div>
  );
}
