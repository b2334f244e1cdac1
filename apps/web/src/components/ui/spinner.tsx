import { cn } from '@/lib/cn';
export interface SpinnerProps {
  size?: 'sm' | 'md' | 'lg';
  /** Announced to screen readers; empty when the surrounding control already says it. */
  label?: string;
  className?: string;
}

const dims = { sm: 'size-4 border-2', md: 'size-8 border-[3px]', lg: 'size-12 border-4' };

export function Spinner({ size = 'md', label = 'Loading', className = '' }: SpinnerProps) {
  return (
    <span role={label ? 'status' : undefined} className={cn('inline-flex items-center', className)}>
      <span aria-hidden="true" className={cn(dims[size], 'animate-spin rounded-full border-current border-r-transparent opacity-80')} />
      {label ? <span className="sr-only">{label}</span> : null}
    </span>
  );
}

/** Blocks the screen while an operation that must not be interrupted runs (B28). */
export function SpinnerOverlay({ label = 'Please wait' }: { label?: string }) {
  return (
    <div className="fixed inset-0 z-[60] flex items-center justify-center bg-slate-900/30 backdrop-blur-[1px]" aria-live="polite" aria-busy="true">
      <div className="flex items-center gap-3 rounded-2xl bg-surface px-5 py-4 text-primary-ink shadow-xl">
        <Spinner size="md" label="" />
        <span className="text-sm font-medium text-ink-soft">{label}</span>
      </div>
    </div>
  );
}
