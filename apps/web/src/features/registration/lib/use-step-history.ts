import { useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';

interface StepEntry<P> {
  registrationPage?: P;
}

/**
 * Issue 25 (6): each page of the registration is an entry in the browser's history, so Back (a
 * phone's back gesture) goes to the page before instead of out of the registration, and Forward
 * returns. The entry names its page; the address stays the registration's link. Returns the
 * function that records a move to a new page.
 */
export function useStepHistory<P extends string>(page: P, show: (page: P) => void): (next: P) => void {
  const navigate = useNavigate();
  const location = useLocation();
  const entryPage = (location.state as StepEntry<P> | null)?.registrationPage;
  const here = { pathname: location.pathname, search: location.search, hash: location.hash };
  // The entry the registration opened on (or was reloaded on) names its page, so Back to it finds one.
  useEffect(() => {
    if (entryPage === undefined) void navigate(here, { replace: true, state: { registrationPage: page } satisfies StepEntry<P> });
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
