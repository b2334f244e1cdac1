import type { ReactNode } from 'react';

/**
 * A full-width message of the public booking pages: booking not taken online, a cancel link
 * that is not (or no longer) valid, a booking made or cancelled.
 */
export function GuestNotice({ icon, tone = 'brand', title, children, actions }: { icon: ReactNode; tone?: 'brand' | 'success'; title: string; children?: ReactNode; actions?: ReactNode }) {
  return (
    <div className="mx-auto flex w-full max-w-lg flex-col items-center px-4 py-14 text-center sm:py-20">
      <span aria-hidden="true" className={tone === 'success' ? 'mb-5 grid size-16 place-items-center rounded-full bg-success-surface text-success' : 'mb-5 grid size-16 place-items-center rounded-full bg-primary-tint text-primary-ink'}>
        {icon}
      </span>
      <h1 className="text-2xl font-bold tracking-tight text-ink">{title}</h1>
      {children ? <div className="mt-3 space-y-2 text-ink-soft">{children}</div> : null}
      {actions ? <div className="mt-8 flex w-full flex-col gap-3 sm:w-auto sm:flex-row sm:justify-center">{actions}</div> : null}
    </div>
  );
}
