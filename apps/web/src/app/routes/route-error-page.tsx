import { isRouteErrorResponse, useRouteError } from 'react-router';
import { messages } from '@portal/shared/messages';
import { paths } from '@/config/paths';
import { Button } from '@/components/ui/button';
import { reloadingForStaleChunk } from '@/lib/chunk-reload';
import { NotFoundPage } from './not-found-page';
import { CircleAlertIcon, WifiOffIcon } from 'lucide-react';

/**
 * The route errorElement (B32–B35): nothing while a stale chunk reloads the page
 * (lib/chunk-reload.ts); a 404 shows the not-found page; anything else the generic "OOPS!" page.
 */
export function RouteErrorPage() {
  const error = useRouteError();
  if (reloadingForStaleChunk()) return null;
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />;
  // A page's code that could not be fetched offline: the connection, not the portal, is what failed.
  if (!navigator.onLine) return <OfflinePage />;
  const message = isRouteErrorResponse(error) ? error.statusText || `Error ${error.status}` : error instanceof Error ? error.message : String(error ?? '');
  return <GenericErrorPage message={message} />;
}

export function GenericErrorPage({ message }: { message: string }) {
  return (
    <main className="flex min-h-dvh items-center justify-center bg-canvas px-4 py-10">
      <div className="w-full max-w-lg rounded-2xl bg-surface p-8 text-center shadow-xl ring-1 ring-ink/5">
        <span className="mx-auto flex size-16 items-center justify-center rounded-full bg-danger-surface text-danger" aria-hidden="true">
          <CircleAlertIcon className="size-8" strokeWidth={2} />
        </span>
        <h1 className="mt-5 text-2xl font-bold tracking-tight text-ink">{messages.genericError}</h1>
        {message ? <p className="mt-3 rounded-lg bg-canvas px-4 py-3 font-mono text-sm wrap-anywhere text-ink-soft">{message}</p> : null}
        {/* A full reload, so whatever broke starts from a clean slate. */}
        <Button className="mt-7" size="lg" fullWidth onClick={() => window.location.assign(paths.company)}>
          Home Page
        </Button>
      </div>
    </main>
  );
}

/** A page that could not load while the browser is offline: try again once the connection is back. */
function OfflinePage() {
  return (
    <main className="flex min-h-dvh items-center justify-center bg-canvas px-4 py-10">
      <div className="w-full max-w-lg rounded-2xl bg-surface p-8 text-center shadow-xl ring-1 ring-ink/5">
        <span className="mx-auto flex size-16 items-center justify-center rounded-full bg-primary-tint text-primary-ink" aria-hidden="true">
          <WifiOffIcon className="size-8" strokeWidth={2} />
        </span>
        <h1 className="mt-5 text-2xl font-bold tracking-tight text-ink">You’re offline</h1>
        <p className="mt-3 text-ink-soft">This page could not be loaded. Check your connection, then try again.</p>
        <Button className="mt-7" size="lg" fullWidth onClick={() => window.location.reload()}>
          Try again
        </Button>
      </div>
    </main>
  );
}
