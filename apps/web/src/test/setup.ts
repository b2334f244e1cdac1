/**
 * Vitest setup for every test file. Component tests (jsdom) wait up to 5 s for what they look for
 * (Testing Library's default is 1 s): on a loaded machine the first render of a file, which also
 * loads its lazy chunks, can take longer than a second. A passing test waits no longer for it.
 *
 * The component files share one process and one document (decision 037), so each starts as a
 * file of its own would: the portal's modules evaluated afresh (their stores, caches and query
 * clients new; React, Testing Library and the other packages stay loaded), an empty document,
 * no storage or cookies, the address at `/`, real timers.
 */
import { vi } from 'vitest';

if (typeof document !== 'undefined') {
  vi.resetModules();
  vi.useRealTimers();
  document.head.innerHTML = '';
  document.body.innerHTML = '';
  document.title = '';
  for (const attribute of [...document.documentElement.attributes]) document.documentElement.removeAttribute(attribute.name);
  for (const attribute of [...document.body.attributes]) document.body.removeAttribute(attribute.name);
  localStorage.clear();
  sessionStorage.clear();
  for (const cookie of document.cookie.split(';')) {
    const name = cookie.split('=')[0]?.trim();
    if (name) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
  }
  window.history.replaceState(null, '', '/');
  // jsdom leaves it unset; the captcha widget (decision 052) works only in a secure context, as the portal on https or localhost is.
  Object.assign(globalThis, { isSecureContext: true });
  const { configure } = await import('@testing-library/react');
  // A page that types into a card form, solves a captcha and pays in this thread waits many seconds
  // for its answer while the type check, lint and the build share two cores (npm test): a checkout
  // that takes under a second alone took over 10 s there. A wait that is met ends at once.
  configure({ asyncUtilTimeout: 20_000 });
}
