import { Link } from 'react-router';
import { ArrowRightIcon, CalendarDaysIcon, CircleCheckIcon, CreditCardIcon, FileSignatureIcon, ListChecksIcon, UserRoundIcon, UsersRoundIcon, type LucideIcon } from 'lucide-react';
import { Button, buttonClasses } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { useUiStore } from '@/lib/ui-store';
import type { RegistrationStep, RegistrationStepKind } from '../lib/registration-steps';
import { StepCard } from './step-card';

/**
 * N4: the registration's first page: what it asks for, and the way in. It lists the steps the pages
 * then number ("Step n of m"), each by its page's heading, so the list and the pages agree.
 */
export function TitleStep({ title, customerTerm, studentTerm, steps, onStart }: { title: string; customerTerm: string; studentTerm: string; steps: readonly RegistrationStep[]; onStart: () => void }) {
  const openModal = useUiStore((s) => s.openModal);
  const said: Record<RegistrationStepKind, { icon: LucideIcon; heading: string; text: string }> = {
    classes: { icon: CalendarDaysIcon, heading: 'Choose Classes', text: 'The classes you would like to join' },
    students: { icon: UsersRoundIcon, heading: `${studentTerm}s`, text: `The details of each ${studentTerm.toLowerCase()} taking part` },
    details: {
      icon: UserRoundIcon,
      heading: 'Your Details',
      text: `Your details as the ${customerTerm.toLowerCase()} who holds the account, and a 6-digit code sent to your email address to check it is yours`,
    },
    review: { icon: ListChecksIcon, heading: `${customerTerm} Details`, text: 'A last look at your details before you go on' },
    agreements: { icon: FileSignatureIcon, heading: 'Agreements', text: 'Our agreements, read and accepted online' },
    checkout: { icon: CreditCardIcon, heading: 'Checkout', text: 'Payment for the classes' },
  };
  return (
    <StepCard
      title={title}
      description="It takes about five minutes. Here is what we will ask for:"
      action={
        <Button size="lg" onClick={onStart} icon={<ArrowRightIcon aria-hidden="true" className="size-5" />} className="flex-row-reverse sm:min-w-44">
          Get Started
        </Button>
      }
    >
      <ol className="flex flex-col gap-3">
        {steps.map(({ kind }, i) => {
          const { icon: Icon, heading, text } = said[kind];
          return (
            <li key={kind} className="flex items-center gap-3 rounded-xl bg-canvas px-4 py-3 text-sm text-ink">
              <span aria-hidden="true" className="grid size-9 shrink-0 place-items-center rounded-full bg-primary-tint text-primary-ink">
                <Icon className="size-4.5" />
              </span>
              <span>
                <span className="sr-only">{`Step ${i + 1} of ${steps.length}: `}</span>
                <strong className="block font-semibold">{heading}</strong>
                <span className="text-ink-soft">{text}</span>
              </span>
            </li>
          );
        })}
      </ol>
      <p className="mt-5 text-sm text-ink-soft">
        Already have an account?{' '}
        <Button variant="link" onClick={() => openModal('login')} className="inline text-sm">
          Sign in
        </Button>
      </p>
    </StepCard>
  );
}

/** A signed-in customer already has an account: the registration has nothing to add for them here. */
export function SignedInStep({ firstName }: { firstName: string }) {
  return (
    <StepCard
      title="You already have an account"
      description={`You are signed in as ${firstName}. Everything this registration sets up is ready in the Customer Hub.`}
      action={
        <Link to={paths.company} className={buttonClasses('primary', 'lg', 'sm:min-w-44')}>
          Go to the Customer Hub
        </Link>
      }
    >
      <p className="flex gap-2 rounded-xl border border-success-line bg-success-surface px-4 py-3 text-sm text-ink">
        <CircleCheckIcon aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-success" />
        To register another family, sign out first and open this page again.
      </p>
    </StepCard>
  );
}

/**
 * A family signed in with steps of the sign-in page still to do (a new family's password, an
 * agreement): the server refuses every other call until they are done, so the registration leads
 * there instead of starting again. Reached by reopening the link after "Registration complete".
 */
export function PendingSignInStepsStep({ firstName, setPassword }: { firstName: string; setPassword: boolean }) {
  return (
    <StepCard
      title={setPassword ? 'Set your password' : 'A few steps are waiting for you'}
      description={`You are signed in as ${firstName}.`}
      action={
        <Link to={paths.signInActions} className={buttonClasses('primary', 'lg', 'sm:min-w-44')}>
          {setPassword ? 'Set your password' : 'Continue'}
        </Link>
      }
    >
      <p className="flex gap-2 rounded-xl border border-primary-line bg-primary-tint px-4 py-3 text-sm text-primary-tint-ink">
        <CircleCheckIcon aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
        {setPassword
          ? 'Your registration is saved. Choose a password for your account so you can sign in to the Customer Hub.'
          : 'Before you register or use the Customer Hub, please complete the steps on the sign-in page.'}
      </p>
      <p className="mt-3 text-sm text-ink-soft">Not {firstName}? To register another family, sign out first and open this page again.</p>
    </StepCard>
  );
}
