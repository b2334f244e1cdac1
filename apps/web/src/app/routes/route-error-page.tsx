import type { ReactNode } from 'react';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { messages } from '@portal/shared/messages';
import { paths } from '@/config/paths';
import { Button } from '@/components/ui/button';
import { reloadingForStaleChunk } from '@/lib/chunk-reload';
import { NotFoundPage } from './not-found-page';
import { CircleAlertIcon } from 'lucide-react';

/**
 * The route errorElement (B32–B35): nothing while a stale chunk reloads the page
 * (lib/chunk-reload.ts); a 404 shows the not-found page; offline, a page whose code could not be
 * fetched says the connection is down; anything else the generic "OOPS!" page.
 */
export function RouteErrorPage() {
  const error = useRouteError();
  if (reloadingForStaleChunk()) return null;
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />;
  if (!navigator.onLine) {
    return (
      <ErrorScreen title="You’re offline" button="Try again" onClick={() => window.location.reload()}>
        <p className="mt-3 text-ink-soft">This page could not be loaded. Check your connection, then try again.</p>
      </ErrorScreen>
    );
  }
  const message = isRouteErrorResponse(error) ? error.statusText || `Error ${error.status}` : error instanceof Error ? error.message : String(error ?? '');
  return <GenericErrorPage message={message} />;
}

function GenericErrorPage({ message }: { message: string }) {
  return (
    // A full reload, so whatever broke starts from a clean slate.
    <ErrorScreen title={messages.genericError} button="Home Page" onClick={() => window.location.assign(paths.company)}>
      {message ? <p className="mt-3 rounded-lg bg-canvas px-4 py-3 font-mono text-sm wrap-anywhere text-ink-soft">{message}</p> : null}
    </ErrorScreen>
  );
}

function ErrorScreen({ title, button, onClick, children }: { title: string; button: string; onClick: () => void; children: ReactNode }) {
  return (
    <main className="flex min-h-dvh items-center justify-center bg-canvas px-4 py-10">
      <div className="w-full max-w-lg rounded-2xl bg-surface p-8 text-center shadow-xl ring-1 ring-ink/5">
        <span className="mx-auto flex size-16 items-center justify-center rounded-full bg-danger-surface text-danger" aria-hidden="true">
          <CircleAlertIcon className="size-8" strokeWidth={2} />
        </span>
        <h1 className="mt-5 text-2xl font-bold tracking-tight text-ink">{title}</h1>
        {children}
        <Button className="mt-7" size="lg" fullWidth onClick={onClick}>
          {button}
        </Button>
      </div>
    </main>
  );
}
