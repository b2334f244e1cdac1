import { useEffect, useRef, useState } from 'react';
import { HouseIcon, ShieldCheckIcon, SparklesIcon, type LucideIcon } from 'lucide-react';
import * as Dialog from '@radix-ui/react-dialog';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/cn';

interface Step {
  title: string;
  text: string;
  icon: LucideIcon;
}

const STEPS: Step[] = [
  {
    title: 'Welcome',
    text: 'Your Customer Hub keeps classes, bookings, invoices and messages together — on your phone or computer.',
    icon: HouseIcon,
  },
  {
    title: 'Private, Safe, and Secure',
    text: 'Only you can see your family’s details. Your sign-in is protected and payments are handled securely.',
    icon: ShieldCheckIcon,
  },
  {
    title: 'Updated and Improved',
    text: 'A faster, simpler hub: see what’s coming up, pay invoices and stay in touch in a couple of taps.',
    icon: SparklesIcon,
  },
];

/** The three-step intro (B22–B24); Skip or Get Started ends it for good. */
export function IntroCarousel({ onDone }: { onDone: () => void }) {
  const [index, setIndex] = useState(0);
  const step = STEPS[index]!;
  const StepIcon = step.icon;
  const last = index === STEPS.length - 1;
  const getStarted = useRef<HTMLButtonElement>(null);
  // Next is gone on the last step: focus moves to Get Started and stays inside the dialog.
  useEffect(() => {
    if (last) getStarted.current?.focus();
  }, [last]);

  return (
    <Dialog.Root open onOpenChange={(open) => (open ? undefined : onDone())}>
      <Dialog.Portal>
        <Dialog.Overlay className="overlay fixed inset-0 z-50 bg-slate-950/60 backdrop-blur-sm" />
        <Dialog.Content className="modal-panel z-50 flex max-w-md flex-col overflow-hidden rounded-3xl bg-surface shadow-2xl outline-none" aria-describedby="intro-text">
          <div className="relative isolate flex h-48 items-center justify-center overflow-hidden bg-brand-800 sm:h-56">
            <div aria-hidden="true" className="absolute inset-0 -z-10 bg-gradient-to-br from-brand-600 via-brand-800 to-brand-950" />
            <div aria-hidden="true" className="absolute -top-10 -left-10 -z-10 size-48 rounded-full bg-brand-400/30 blur-2xl" />
            <span className="flex size-24 items-center justify-center rounded-3xl bg-white/15 text-on-primary ring-1 ring-white/30 backdrop-blur" aria-hidden="true">
              <StepIcon className="size-12" strokeWidth={1.6} />
            </span>
          </div>
          <div className="px-6 pt-6 pb-6 text-center sm:px-8">
            <p className="text-xs font-semibold tracking-widest text-muted uppercase">
              Step {index + 1} of {STEPS.length}
            </p>
            <Dialog.Title className="mt-2 text-2xl font-bold tracking-tight text-ink">{step.title}</Dialog.Title>
            <p id="intro-text" className="mt-3 text-muted">
              {step.text}
            </p>
            <div className="mt-6 flex justify-center gap-2" aria-hidden="true">
              {STEPS.map((s, i) => (
                <span key={s.title} className={cn('h-2 rounded-full transition-all', i === index ? 'w-6 bg-primary' : 'w-2 bg-line-strong')} />
              ))}
            </div>
            <div className="mt-7 flex items-center gap-3">
              {last ? (
                <Button ref={getStarted} size="lg" fullWidth onClick={onDone}>
                  Get Started
                </Button>
              ) : (
                <>
                  <Button variant="ghost" size="lg" className="flex-1" onClick={onDone}>
                    Skip
                  </Button>
                  <Button size="lg" className="flex-1" onClick={() => setIndex((i) => i + 1)}>
                    Next
                  </Button>
                </>
              )}
            </div>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
