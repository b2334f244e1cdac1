import { UserRoundCheckIcon } from 'lucide-react';
import { registrationMessages as rm } from '@portal/shared/registration-schemas';
import { Button } from '@/components/ui/button';
import { useUiStore } from '@/lib/ui-store';
import { StepCard } from './step-card';

export type RegistrationDoneReason = 'alreadySubmitted' | 'existingClient';

const copy: Record<RegistrationDoneReason, { title: string; text: string }> = {
  alreadySubmitted: { title: 'Your registration is already complete', text: rm.alreadySubmitted },
  existingClient: { title: 'This email address already has an account', text: rm.existingClient },
};

/**
 * The end of a registration the server already holds (a retry whose first answer was lost) or
 * whose address has signed in meanwhile: nothing is left to send, so the way on is the sign-in.
 */
export function RegistrationDone({ reason }: { reason: RegistrationDoneReason }) {
  const openModal = useUiStore((s) => s.openModal);
  const { title, text } = copy[reason];
  return (
    <StepCard
      title={title}
      action={
        <div className="flex flex-col gap-3 sm:flex-row-reverse">
          <Button size="lg" onClick={() => openModal('login')} className="sm:min-w-36">
            Sign in
          </Button>
          <Button size="lg" variant="ghost" onClick={() => openModal('forgot-password')}>
            Forgot password
          </Button>
        </div>
      }
    >
      <p className="flex gap-2 rounded-xl border border-primary-line bg-primary-tint px-4 py-3 text-sm text-primary-tint-ink">
        <UserRoundCheckIcon aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
        {text}
      </p>
    </StepCard>
  );
}
