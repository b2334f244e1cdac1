import { CHUNK_RELOAD_WINDOW_MS } from '@portal/shared/constants';

const KEY = 'portal-chunk-reload-at';

let reloading = false;

/** True once a stale chunk has started a reload: what fails meanwhile is not worth showing. */
export function reloadingForStaleChunk(): boolean {
  return reloading;
}

/**
 * After a deploy, an open page asks for chunks that no longer exist (B35, D2 §8). Vite reports
 * every failed dynamic import and module preload of the build as the window event
 * `vite:preloadError`, whatever the browser's message: the page reloads once and fetches the new
 * build. Not again within 10 s, so a truly broken deploy cannot loop: the event is then left
 * alone and the import's error reaches the route's error page. Nor while the browser is offline: a
 * chunk it cannot fetch is then no sign of a deploy, and a reload would leave the portal for the
 * browser's own error page; the route's error page says the connection is down instead.
 */
export function installChunkReload(target: Pick<Window, 'addEventListener'> = window, reload: () => void = () => window.location.reload(), online: () => boolean = () => navigator.onLine): void {
  target.addEventListener('vite:preloadError', (event) => {
    if (!reloading && !online()) return;
    if (!reloading) {
      const last = Number(sessionStorage.getItem(KEY) ?? 0);
      if (Date.now() - last < CHUNK_RELOAD_WINDOW_MS) return;
      sessionStorage.setItem(KEY, String(Date.now()));
      reloading = true;
      reload();
    }
    // The import resolves empty instead of throwing: nothing renders an error before the reload.
    event.preventDefault();
  });
}
