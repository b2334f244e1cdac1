/**
 * Vitest setup for every test file. Component tests (jsdom) wait up to 5 s for what they look for
 * (Testing Library's default is 1 s): on a loaded machine the first render of a file, which also
 * loads its lazy chunks, can take longer than a second. A passing test waits no longer for it.
 */
if (typeof document !== 'undefined') {
  const { configure } = await import('@testing-library/react');
  configure({ asyncUtilTimeout: 5_000 });
}

export {};
