import { useEffect, useRef, type ReactNode } from 'react';

/**
 * A full-width message page: an icon, a heading, a few lines of explanation and the ways on
 * (e.g. registration not taken online, a cancel link that is not valid, a booking made). With
 * `focusHeading`, each new heading takes the focus: a page whose message changes in place (the
 * button pressed goes, or the server moved it on) does not leave keyboard users on the page itself.
 */
export function NoticePage({ icon, title, children, actions, focusHeading = false }: { icon: ReactNode; title: string; children?: ReactNode; actions?: ReactNode; focusHeading?: boolean }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (focusHeading) heading.current?.focus({ preventScroll: true });
  }, [focusHeading, title]);
  return (
    <div className="mx-auto flex w-full max-w-lg flex-col items-center px-4 py-14 text-center sm:py-20">
      <span aria-hidden="true" className="mb-5 grid size-16 place-items-center rounded-full bg-primary-tint text-primary-ink">
        {icon}
      </span>
      <h1 ref={heading} tabIndex={focusHeading ? -1 : undefined} className="text-2xl font-bold tracking-tight text-ink focus:outline-none">
        {title}
      </h1>
      {children ? <div className="mt-3 space-y-2 text-ink-soft">{children}</div> : null}
      {actions ? <div className="mt-8 flex w-full flex-col gap-3 sm:w-auto sm:flex-row sm:justify-center">{actions}</div> : null}
    </div>
  );
}
