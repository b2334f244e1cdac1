import { useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';

interface StepEntry<P> {
  registrationPage?: P;
}

/**
 * Issue 25 (6): each page of the registration is an entry in the browser's history, so Back (a
 * phone's back gesture) goes to the page before instead of out of the registration, and Forward
 * returns. The entry names its page; the address stays the registration's link. Returns the
 * function that records a move to a new page.
 *
 * `opensOnPageBefore`: the page the registration opens on (reloads on) is shown as the page before
 * it (a checkout reloaded signs the agreements again: signatures are never kept). The browser goes
 * back to that page's own entry, so the page is not in the history twice and Back leaves it.
 */
export function useStepHistory<P extends string>(page: P, show: (page: P) => void, opensOnPageBefore = false): (next: P) => void {
  const navigate = useNavigate();
  const location = useLocation();
  const entryPage = (location.state as StepEntry<P> | null)?.registrationPage;
  const here = { pathname: location.pathname, search: location.search, hash: location.hash };
  // The entry the registration opened on (or was reloaded on) names its page, so Back to it finds one.
  // Once only, though an effect may run twice (development's strict mode): a second Back would leave a page more.
  const opened = useRef(false);
  useEffect(() => {
    if (opened.current) return;
    opened.current = true;
    if (entryPage === undefined) void navigate(here, { replace: true, state: { registrationPage: page } satisfies StepEntry<P> });
    else if (opensOnPageBefore && entryPage === page) void navigate(-1);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, for the entry the registration opened on
  }, []);
  // Back or Forward reached another entry: its page is shown.
  const [seen, setSeen] = useState(location.key);
  if (location.key !== seen) {
    setSeen(location.key);
    if (entryPage !== undefined && entryPage !== page) show(entryPage);
  }
  return (next) => {
    if (next !== page) void navigate(here, { state: { registrationPage: next } satisfies StepEntry<P> });
  };
}
