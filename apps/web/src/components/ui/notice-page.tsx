import type { ReactNode } from 'react';

/**
 * A full-width message page: an icon, a heading, a few lines of explanation and the ways on
 * (e.g. registration not taken online, a cancel link that is not valid, a booking made).
 */
export function NoticePage({ icon, title, children, actions }: { icon: ReactNode; title: string; children?: ReactNode; actions?: ReactNode }) {
  return (
    <div className="mx-auto flex w-full max-w-lg flex-col items-center px-4 py-14 text-center sm:py-20">
      <span aria-hidden="true" className="mb-5 grid size-16 place-items-center rounded-full bg-primary-tint text-primary-ink">
        {icon}
      </span>
      <h1 className="text-2xl font-bold tracking-tight text-ink">{title}</h1>
      {children ? <div className="mt-3 space-y-2 text-ink-soft">{children}</div> : null}
      {actions ? <div className="mt-8 flex w-full flex-col gap-3 sm:w-auto sm:flex-row sm:justify-center">{actions}</div> : null}
    </div>
  );
}
