import type { RefObject } from 'react';

/** A control a family can see (a list drawn twice, as a table and as cards, shows one of them). */
const shown = (el: HTMLElement) => (typeof el.checkVisibility === 'function' ? el.checkVisibility() : true);

/**
 * Load more for a list in `container`: once the next page is in and the button has gone (the last
 * page), the focus goes to the first link or button of what it added, not to the top of the page.
 * While more pages remain, the button keeps the focus (it takes it back itself).
 */
export function useLoadMore(container: RefObject<HTMLElement | null>, fetchNext: () => Promise<unknown>): () => void {
  return () => {
    const controls = () => [...(container.current?.querySelectorAll<HTMLElement>('a[href], button') ?? [])].filter(shown);
    const before = new Set(controls());
    void fetchNext().then(() =>
      // After the page the answer brings is drawn.
      window.setTimeout(() => {
        if (document.activeElement === null || document.activeElement === document.body)
          controls()
            .find((el) => !before.has(el))
            ?.focus();
      }, 0),
    );
  };
}
