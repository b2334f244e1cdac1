import { CHUNK_RELOAD_WINDOW_MS } from '@portal/shared/constants';

const KEY = 'portal-chunk-reload-at';

/** After a deploy, old pages ask for chunks that no longer exist (D2 §8). */
export function isChunkLoadError(error: unknown): boolean {
  const message = error instanceof Error ? error.message : typeof error === 'string' ? error : '';
  return (
    message.includes('Failed to fetch dynamically imported module') ||
    message.includes('error loading dynamically imported module') ||
    message.includes('Importing a module script failed') ||
    /MIME type/i.test(message)
  );
}

/**
 * Reloads once for a stale-chunk error; returns false (show the error page instead) when
 * it already reloaded within the last 10 s, so a truly broken deploy cannot loop.
 */
export function reloadForChunkError(error: unknown): boolean {
  if (!isChunkLoadError(error)) return false;
  const last = Number(sessionStorage.getItem(KEY) ?? 0);
  if (Date.now() - last < CHUNK_RELOAD_WINDOW_MS) return false;
  sessionStorage.setItem(KEY, String(Date.now()));
  window.location.reload();
  return true;
}
