import { useState, type ReactNode } from 'react';
import { createMemoryRouter, RouterProvider, type InitialEntry } from 'react-router';

/** MemoryRouter's part in a test, as a data router (the portal's own kind): what needs one (a blocker) works. */
export function DataRouter({ children, initialEntries = ['/'], initialIndex }: { children: ReactNode; initialEntries?: InitialEntry[]; initialIndex?: number }) {
  const [router] = useState(() => createMemoryRouter([{ path: '*', element: children }], { initialEntries, ...(initialIndex === undefined ? {} : { initialIndex }) }));
  return <RouterProvider router={router} />;
}
