import { HouseIcon } from 'lucide-react';
/** Shown while the company configuration loads (B28); neutral, as no brand is known yet. */
export function LoadingSplash() {
  return (
    <div className="flex min-h-dvh flex-col items-center justify-center gap-5 bg-canvas" role="status" aria-live="polite">
      <span className="relative flex size-14">
        <span className="absolute inset-0 animate-ping rounded-full bg-brand-300 opacity-40" aria-hidden="true" />
        <span className="relative inline-flex size-14 items-center justify-center rounded-full bg-primary text-on-primary shadow-lg" aria-hidden="true">
          <HouseIcon className="size-7" strokeWidth={2} />
        </span>
      </span>
      <p className="text-sm font-medium text-muted">Loading your Customer Hub…</p>
    </div>
  );
}
