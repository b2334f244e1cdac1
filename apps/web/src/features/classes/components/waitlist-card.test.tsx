// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { http, HttpResponse } from 'msw';
import type { ClassItemAnswer, WaitlistAnswer } from '@portal/shared/class-schemas';
import type { CustomerUser } from '@portal/shared/customer-schemas';
import { classesTestConfig } from '@/test/classes-config';
import { renderRoute } from '@/test/render-route';
import { server, installMockServer } from '@/test/msw';
import { useCartStore } from '@/lib/cart-store';
import { WaitlistCard } from './waitlist-card';

installMockServer();
afterEach(() => {
  cleanup();
  useCartStore.getState().clear();
});

const waitlist: WaitlistAnswer = {
  entries: [
    { WaitlistID: 1, ClassID: 101, ClassName: 'Dolphin – Monday', StudentID: 5, StudentName: 'Noah Mitchell', Position: 1, Status: 'offered', OfferExpiresAt: '2026-12-01T05:00:00.000Z' },
    { WaitlistID: 2, ClassID: 102, ClassName: 'Shark – Friday', StudentID: 6, StudentName: 'Ella Mitchell', Position: 3, Status: 'waiting', OfferExpiresAt: null },
  ],
};

const holder = { ClientID: 1, FirstName: 'Sarah', LastName: 'Mitchell', Email: 'parent@example.com', total_barcodes: 0, Role: 'holder' } as CustomerUser;

function renderCard(user: CustomerUser = holder) {
  renderRoute(
    <Routes>
      <Route path="/hub/classes" element={<WaitlistCard />} />
      <Route path="/hub/checkout" element={<p>The checkout</p>} />
    </Routes>,
    { url: '/hub/classes', config: classesTestConfig('HoursAndMinutes'), user },
  );
}

describe('WaitlistCard', () => {
  it('a viewer sees the family’s waitlist, with no Add to cart or Leave waitlist the server would refuse them (decision 101)', async () => {
    server.use(http.get<never, never, WaitlistAnswer>('/api/classes/get-waitlist', () => HttpResponse.json(waitlist)));
    renderCard({ ClientID: 1, FirstName: 'Max', LastName: 'Rivera', Email: 'max@example.com', total_barcodes: 0, Role: 'viewer' } as CustomerUser);
    const [offered, waiting] = await screen.findAllByRole('listitem');
    expect(within(offered!).getByText(/^A place is held for you until /)).toBeTruthy();
    expect(within(waiting!).getByText('Position 3 on the waitlist')).toBeTruthy();
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('a place offered to the family is taken from the card: checked by the server, put in the cart, and on to the checkout', async () => {
    const asked: unknown[] = [];
    server.use(
      http.get<never, never, WaitlistAnswer>('/api/classes/get-waitlist', () => HttpResponse.json(waitlist)),
      http.post<never, { class_id: number; student_id: number }, ClassItemAnswer>('/api/classes/validate-class-item', async ({ request }) => {
        const body = await request.json();
        asked.push(body);
        return HttpResponse.json({
          success: true,
          item: { ClassID: body.class_id, StudentID: body.student_id, kind: 'ongoing', Name: 'Dolphin – Monday', dates: ['2026-12-07'], unit_price: 2250, PlacesLeft: 1 },
        } as ClassItemAnswer);
      }),
    );
    // A casual session of the class for the child is in the cart already: the term place stands in for it.
    useCartStore.getState().setClassItems([{ ClassID: 101, StudentID: 5, dates: ['2026-12-07'], casual: true, label: 'Dolphin – Monday – Noah Mitchell (07/12/2026)' }]);
    renderCard();
    const [offered, waiting] = await screen.findAllByRole('listitem');
    // Each button is described by its class and child.
    expect(within(offered!).getByRole('button', { name: 'Add to cart' }).getAttribute('aria-describedby')).toBe('waitlist-1');
    // Only the offered place can be taken; the other waits its turn.
    expect(within(waiting!).queryByRole('button', { name: 'Add to cart' })).toBeNull();
    expect(within(offered!).getByText(/^A place is held for you until /)).toBeTruthy();
    fireEvent.click(within(offered!).getByRole('button', { name: 'Add to cart' }));
    expect(await screen.findByText('The checkout')).toBeTruthy();
    expect(asked).toEqual([{ class_id: 101, student_id: 5, kind: 'ongoing', dates: [] }]);
    expect(useCartStore.getState().classItems).toEqual([{ ClassID: 101, StudentID: 5, dates: [], casual: false, label: 'Dolphin – Monday – Noah Mitchell' }]);
  });

  it('a place the server no longer holds (the offer lapsed) says why, and nothing goes in the cart', async () => {
    server.use(
      http.get<never, never, WaitlistAnswer>('/api/classes/get-waitlist', () => HttpResponse.json(waitlist)),
      http.post('/api/classes/validate-class-item', () => HttpResponse.json({ success: false, code: 'CLASS_FULL', message: 'This class is full.' }, { status: 409 })),
    );
    renderCard();
    const [offered] = await screen.findAllByRole('listitem');
    fireEvent.click(within(offered!).getByRole('button', { name: 'Add to cart' }));
    // Shown under the place it is about.
    expect((await within(offered!).findByRole('alert')).textContent).toBe('This class is full.');
    expect(useCartStore.getState().classItems).toEqual([]);
    expect(screen.queryByText('The checkout')).toBeNull();
  });

  it('Leave waitlist asks first, saying what is given up; Stay keeps the place, Leave gives it up', async () => {
    const left: unknown[] = [];
    server.use(
      http.get<never, never, WaitlistAnswer>('/api/classes/get-waitlist', () => HttpResponse.json(left.length ? { entries: waitlist.entries.slice(1) } : waitlist)),
      http.post('/api/classes/leave-waitlist', async ({ request }) => {
        left.push(await request.json());
        return HttpResponse.json({ entries: waitlist.entries.slice(1) });
      }),
    );
    renderCard();
    const [offered] = await screen.findAllByRole('listitem');
    fireEvent.click(within(offered!).getByRole('button', { name: 'Leave waitlist' }));
    const ask = await screen.findByRole('dialog', { name: 'Leave the waitlist?' });
    // A place held for the family is a place given away: it says so before it goes.
    expect(within(ask).getByText('The place held for Noah Mitchell in Dolphin – Monday goes to the next family on the waitlist.')).toBeTruthy();
    fireEvent.click(within(ask).getByRole('button', { name: 'Stay on the waitlist' }));
    expect(left).toEqual([]);
    fireEvent.click(within(offered!).getByRole('button', { name: 'Leave waitlist' }));
    fireEvent.click(within(await screen.findByRole('dialog', { name: 'Leave the waitlist?' })).getByRole('button', { name: 'Leave waitlist' }));
    await waitFor(() => expect(left).toHaveLength(1));
    await waitFor(() => expect(screen.getAllByRole('listitem').map((i) => i.textContent)).not.toContain(expect.stringContaining('Dolphin – Monday')));
    // Said where the place was, and given the focus: the row and its button are gone.
    const said = screen.getByRole('status');
    expect(said.textContent).toBe('Noah Mitchell has left the waitlist for Dolphin – Monday.');
    await waitFor(() => expect(document.activeElement).toBe(said));
  });

  it('leaving the last place keeps the card to say so', async () => {
    const only = { entries: waitlist.entries.slice(1) };
    const entry = only.entries[0]!;
    server.use(
      http.get<never, never, WaitlistAnswer>('/api/classes/get-waitlist', () => HttpResponse.json(only)),
      http.post('/api/classes/leave-waitlist', () => HttpResponse.json({ entries: [] })),
    );
    renderCard();
    fireEvent.click(within((await screen.findAllByRole('listitem'))[0]!).getByRole('button', { name: 'Leave waitlist' }));
    fireEvent.click(within(await screen.findByRole('dialog', { name: 'Leave the waitlist?' })).getByRole('button', { name: 'Leave waitlist' }));
    expect((await screen.findByRole('status')).textContent).toBe(`${entry.StudentName} has left the waitlist for ${entry.ClassName}.`);
    expect(screen.queryAllByRole('listitem')).toEqual([]);
  });
});
