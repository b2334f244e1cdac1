// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { CustomerUser } from '@portal/shared/customer-schemas';
import { api, setCompanyLoaded } from '@/lib/api-client';
import { useCartStore } from '@/lib/cart-store';
import { currentUserQueryOptions, resetIdentity, useCurrentUser } from './identity';
import { useSessionStore } from '@/lib/session-store';
import { useUiStore } from '@/lib/ui-store';

const jane: CustomerUser = { ClientID: 1, FirstName: 'Jane', LastName: 'Parent', total_barcodes: 0 };
const omar: CustomerUser = { ClientID: 2, FirstName: 'Omar', LastName: 'Haddad', total_barcodes: 1 };
const configKey = ['company', 'config'];

let sessionAnswer: () => Promise<Response>;
const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

function Who() {
  const user = useCurrentUser();
  return <p>{user ? `Signed in as ${user.FirstName}` : 'Guest'}</p>;
}

function renderWho(queryClient: QueryClient) {
  return render(
    <QueryClientProvider client={queryClient}>
      <Who />
    </QueryClientProvider>,
  );
}

const newClient = () => new QueryClient({ defaultOptions: { queries: { retry: false } } });

beforeEach(() => {
  setCompanyLoaded(true);
  useSessionStore.setState({ user: null });
  useCartStore.getState().clear();
  useUiStore.setState({ modal: null, companyInactive: false });
  vi.stubGlobal('fetch', async (input: string) => {
    if (new URL(input, 'http://localhost').pathname === '/api/customer/session') return sessionAnswer();
    return json(404, { message: 'Not found', code: 'NOT_FOUND' });
  });
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  setCompanyLoaded(false);
});

describe('the signed-in customer', () => {
  it('paints the persisted hint first, then shows whom the session query names', async () => {
    useSessionStore.setState({ user: jane });
    sessionAnswer = async () => json(200, { success: true, signedIn: true, user: omar, actions: [] });
    renderWho(newClient());
    expect(screen.getByText('Signed in as Jane')).toBeTruthy();
    expect(await screen.findByText('Signed in as Omar')).toBeTruthy();
    expect(useSessionStore.getState().user).toEqual(omar);
  });

  it.each([
    ['says no one is signed in', () => json(200, { success: true, signedIn: false, user: null, actions: [] }), jane],
    ['answers 401', () => json(401, { message: 'Please sign in', code: 'UNAUTHENTICATED' }), null],
  ])('is a guest when the session query %s, whatever the hint said', async (_, answer, hint) => {
    sessionAnswer = async () => answer();
    useSessionStore.setState({ user: hint });
    renderWho(newClient());
    expect(await screen.findByText('Guest')).toBeTruthy();
    expect(useSessionStore.getState().user).toBeNull();
  });

  it('is a guest before any company is chosen, without asking the server', async () => {
    setCompanyLoaded(false);
    let asked = 0;
    sessionAnswer = async () => {
      asked++;
      return json(200, { success: true, signedIn: true, user: jane, actions: [] });
    };
    const queryClient = newClient();
    renderWho(queryClient);
    expect(screen.getByText('Guest')).toBeTruthy();
    // The session query is registered and switched off: it will not ask.
    await vi.waitFor(() => {
      const me = queryClient.getQueryCache().find({ queryKey: currentUserQueryOptions.queryKey });
      expect([me?.getObserversCount(), me?.isDisabled()]).toEqual([1, true]);
    });
    expect(queryClient.isFetching()).toBe(0);
    expect(asked).toBe(0);
  });
});

describe('resetIdentity', () => {
  it('on sign-in drops every answer of the previous visitor, keeps the company and names the new customer', async () => {
    const queryClient = newClient();
    queryClient.setQueryData(configKey, { CustomerID: 7 });
    queryClient.setQueryData(['home', 'upcoming-classes'], { pages: [] });
    queryClient.setQueryData(['notifications', 'infinite', 'all'], { pages: [] });
    useCartStore.setState({ clientId: 2, classItems: [{ ClassID: 1, StudentID: 3, dates: [] }] });
    useUiStore.getState().openModal('login');

    resetIdentity(queryClient, { user: jane, company: 'keep' });

    expect(queryClient.getQueryData(configKey)).toEqual({ CustomerID: 7 });
    expect(queryClient.getQueryData(['home', 'upcoming-classes'])).toBeUndefined();
    expect(queryClient.getQueryData(['notifications', 'infinite', 'all'])).toBeUndefined();
    expect(queryClient.getQueryData(currentUserQueryOptions.queryKey)).toEqual(jane);
    expect(useSessionStore.getState().user).toEqual(jane);
    expect(useUiStore.getState().modal).toBeNull();
    // Another client's cart is emptied and handed to Jane.
    expect(useCartStore.getState()).toMatchObject({ clientId: 1, classItems: [] });
  });

  it('forgets the kept ETag answers: the next poll asks afresh, and a store change alone does not', async () => {
    const ifNoneMatch: (string | null)[] = [];
    vi.stubGlobal('fetch', async (_url: string, init: RequestInit = {}) => {
      ifNoneMatch.push(new Headers(init.headers).get('If-None-Match'));
      return new Response(JSON.stringify({ n: ifNoneMatch.length }), { status: 200, headers: { 'Content-Type': 'application/json', ETag: 'W/"a"' } });
    });
    await api('/api/messages');
    useSessionStore.setState({ user: jane }); // the hint changes: kept answers stay (ETags are per customer)
    await api('/api/messages');
    resetIdentity(newClient(), { user: omar, company: 'keep' });
    await api('/api/messages');
    expect(ifNoneMatch).toEqual([null, 'W/"a"', null]);
  });

  it('on sign-out shows the guest at once to every component watching the session', async () => {
    useSessionStore.setState({ user: jane });
    sessionAnswer = async () => json(200, { success: true, signedIn: true, user: jane, actions: [] });
    const queryClient = newClient();
    renderWho(queryClient);
    await screen.findByText('Signed in as Jane');
    act(() => resetIdentity(queryClient, { user: null, company: 'keep' }));
    expect(await screen.findByText('Guest')).toBeTruthy();
    expect(useSessionStore.getState().user).toBeNull();
  });

  it('on a change of company drops the company too, and the cart when a customer_id link asks', () => {
    const queryClient = newClient();
    queryClient.setQueryData(configKey, { CustomerID: 7 });
    useCartStore.setState({ clientId: 1, invoices: ['INV-1'] });
    useUiStore.getState().setCompanyInactive(true);
    document.documentElement.style.setProperty('--brand-600', '#123456');

    resetIdentity(queryClient, { user: null, company: 'drop', clearCart: true });

    expect(queryClient.getQueryData(configKey)).toBeUndefined();
    expect(useCartStore.getState()).toMatchObject({ clientId: null, invoices: [] });
    expect(useUiStore.getState().companyInactive).toBe(false);
    expect(document.documentElement.style.getPropertyValue('--brand-600')).toBe('');
  });

  it('lets no answer for the previous identity land after the change', async () => {
    useSessionStore.setState({ user: jane });
    const answers: ((r: Response) => void)[] = [];
    sessionAnswer = () => new Promise<Response>((resolve) => answers.push(resolve));
    const queryClient = newClient();
    renderWho(queryClient);
    await vi.waitFor(() => expect(answers).toHaveLength(1));
    const seen: (string | null)[] = [];
    const unsubscribe = useSessionStore.subscribe((state) => seen.push(state.user?.FirstName ?? null));
    act(() => resetIdentity(queryClient, { user: omar, company: 'keep' }));
    answers[0]!(json(200, { success: true, signedIn: true, user: jane, actions: [] }));
    // A session query for the new identity, answered after the stale one: once it has landed, the stale one has had its chance.
    const refetched = queryClient.refetchQueries({ queryKey: currentUserQueryOptions.queryKey });
    await vi.waitFor(() => expect(answers).toHaveLength(2));
    answers[1]!(json(200, { success: true, signedIn: true, user: omar, actions: [] }));
    await act(() => refetched);
    unsubscribe();
    expect(seen[0]).toBe('Omar');
    expect(seen.at(-1)).toBe('Omar');
    expect(seen).not.toContain('Jane');
    // The store never held Jane; the page shows Omar once React has rendered the last change.
    expect(await screen.findByText('Signed in as Omar')).toBeTruthy();
    expect(useSessionStore.getState().user).toEqual(omar);
  });
});
