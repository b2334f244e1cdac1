import type { ReactNode } from 'react';
import { Button } from './button';
import { Modal } from './modal';
import { cn } from '@/lib/cn';
import { CheckIcon, CircleAlertIcon } from 'lucide-react';

export interface MessageModalProps {
  open: boolean;
  onClose: () => void;
  tone: 'success' | 'error';
  title: ReactNode;
  message?: ReactNode;
  /** D2 §2: the error modal's button says Continue. */
  actionLabel?: string;
  /** A way on from here (a link styled as a button), offered above the closing button. */
  next?: ReactNode;
}

/** The shared success modal and error modal (D2 §2, B34). */
export function MessageModal({ open, onClose, tone, title, message, actionLabel = 'Continue', next }: MessageModalProps) {
  return (
    <Modal open={open} onOpenChange={(o) => (o ? undefined : onClose())} title={title} size="sm" hideClose>
      <div className="flex flex-col items-center gap-4 text-center">
        <span className={cn('flex size-14 items-center justify-center rounded-full', tone === 'success' ? 'bg-success-surface text-success' : 'bg-danger-surface text-danger')} aria-hidden="true">
          {tone === 'success' ? <CheckIcon className="size-7" strokeWidth={2.4} /> : <CircleAlertIcon className="size-7" strokeWidth={2} />}
        </span>
        {message ? <div className="text-sm text-ink-soft">{message}</div> : null}
        {next}
        <Button fullWidth variant={next ? 'secondary' : 'primary'} onClick={onClose}>
          {actionLabel}
        </Button>
      </div>
    </Modal>
  );
}
