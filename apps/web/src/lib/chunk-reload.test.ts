import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

/** What Vite's preload helper dispatches on the window when an import of the build fails. */
function preloadError(target: EventTarget): Event {
  const event = new Event('vite:preloadError', { cancelable: true });
  Object.assign(event, { payload: new TypeError('Failed to fetch dynamically imported module: /assets/students-route-x.js') });
  target.dispatchEvent(event);
  return event;
}

describe('chunk reload guard (B35)', () => {
  const store = new Map<string, string>();
  const reload = vi.fn();

  beforeEach(() => {
    store.clear();
    reload.mockClear();
    vi.resetModules();
    vi.stubGlobal('sessionStorage', {
      getItem: (k: string) => store.get(k) ?? null,
      setItem: (k: string, v: string) => void store.set(k, v),
    });
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  /** A page as freshly loaded: its own module state, the tab's session storage kept. */
  async function loadPage(online = true) {
    vi.resetModules();
    const chunkReload = await import('./chunk-reload');
    const page = new EventTarget();
    chunkReload.installChunkReload(page, reload, () => online);
    return { page, reloading: chunkReload.reloadingForStaleChunk };
  }

  it('reloads on a failed import and cancels the event, so the import does not throw', async () => {
    const { page, reloading } = await loadPage();
    expect(reloading()).toBe(false);
    expect(preloadError(page).defaultPrevented).toBe(true);
    expect(reload).toHaveBeenCalledTimes(1);
    expect(reloading()).toBe(true);
    // The other chunks of the same screen fail too while the reload is under way: no second reload.
    expect(preloadError(page).defaultPrevented).toBe(true);
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('reloads once, not again within 10 s (the error is left to the error page), and again after that', async () => {
    expect(preloadError((await loadPage()).page).defaultPrevented).toBe(true);
    expect(reload).toHaveBeenCalledTimes(1);

    vi.advanceTimersByTime(9_000);
    const second = await loadPage();
    expect(preloadError(second.page).defaultPrevented).toBe(false);
    expect(reload).toHaveBeenCalledTimes(1);
    expect(second.reloading()).toBe(false);

    vi.advanceTimersByTime(2_000);
    expect(preloadError((await loadPage()).page).defaultPrevented).toBe(true);
    expect(reload).toHaveBeenCalledTimes(2);
  });

  it('offline, a failed import is no deploy: no reload (which would leave for the browser’s error page), the error goes to the error page', async () => {
    const { page, reloading } = await loadPage(false);
    expect(preloadError(page).defaultPrevented).toBe(false);
    expect(reload).not.toHaveBeenCalled();
    expect(reloading()).toBe(false);
  });
});
