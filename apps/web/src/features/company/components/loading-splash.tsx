/** Shown while the company configuration loads (B28); neutral, as no brand is known yet. */
export function LoadingSplash() {
  return (
    <div className="flex min-h-dvh flex-col items-center justify-center gap-5 bg-canvas" role="status" aria-live="polite">
      <span className="relative flex size-14">
        <span className="absolute inset-0 animate-ping rounded-full bg-brand-300 opacity-40" aria-hidden="true" />
        <span className="relative inline-flex size-14 items-center justify-center rounded-full bg-primary text-on-primary shadow-lg" aria-hidden="true">
          <svg viewBox="0 0 24 24" className="size-7" fill="none" stroke="currentColor" strokeWidth={2} strokeLinecap="round" strokeLinejoin="round">
            <path d="M3 10.5 12 4l9 6.5V20a1 1 0 0 1-1 1h-5v-6H9v6H4a1 1 0 0 1-1-1z" />
          </svg>
        </span>
      </span>
      <p className="text-sm font-medium text-muted">Loading your Customer Hub…</p>
    </div>
  );
}
