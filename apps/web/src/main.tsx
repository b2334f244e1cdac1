import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { AppProvider } from './app/provider';
import { queryClient } from './app/query-client';
import { createAppRouter } from './app/router';
import { companyConfigQueryOptions } from './entities/company/get-company-config';
import { installChunkReload } from './lib/chunk-reload';
import { onSignInActionsPending, startPreloadedCalls } from './lib/api-client';
import { signInActionsQueryOptions } from './features/auth/api/get-sign-in-actions';
import { installKeepFieldFocus } from './lib/keep-field-focus';
import { installShowFocusedError } from './lib/show-focused-error';
import './index.css';

// Before the router asks for its first chunk: a stale one after a deploy reloads the page once.
installChunkReload();

// A mouse press on a form's button keeps focus in the field: its error on blur cannot move the
// button away from the pointer before the click lands (lib/keep-field-focus.ts).
installKeepFieldFocus();
// A box that kept the focus as its form was sent, and is wrong, is brought into sight (lib/show-focused-error.ts).
installShowFocusedError();

// The calls the server named in the page are on their way already: take them over first.
startPreloadedCalls();
// An action the company added during the session: read the queue again, and the guard holds the
// customer on the actions page (decision 035).
onSignInActionsPending(() => void queryClient.invalidateQueries({ queryKey: signInActionsQueryOptions.queryKey }));
// The company answer decides the first screen: ask for it while the route chunks load.
void queryClient.prefetchQuery(companyConfigQueryOptions);
const router = createAppRouter();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <AppProvider>
      <RouterProvider router={router} />
    </AppProvider>
  </StrictMode>,
);
