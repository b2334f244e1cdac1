// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { ClassStudentsAnswer, StudentsEnrolledAnswer } from '@portal/shared/class-schemas';
import { renderRoute } from '@/test/render-route';
import { server, installMockServer } from '@/test/msw';
import { classSummary, registrationTestConfig } from '@/test/registration-fixtures';
import { useSessionStore } from '@/lib/session-store';
import { useCartStore } from '@/lib/cart-store';
import { AddToCartModal } from './add-to-cart-modal';

installMockServer();
beforeEach(() => useSessionStore.setState({ user: { ClientID: 1, FirstName: 'Jane', LastName: 'Parent', total_barcodes: 0 } }));
afterEach(() => {
  cleanup();
  useSessionStore.setState({ user: null });
  useCartStore.getState().clear();
});

const NOAH = 4;
const ELLA = 5;
const family: ClassStudentsAnswer['students'] = [
  { StudentID: NOAH, FirstName: 'Noah', LastName: 'Mitchell', DOB: null, Age: null, ClassIDs: [] },
  { StudentID: ELLA, FirstName: 'Ella', LastName: 'Mitchell', DOB: null, Age: null, ClassIDs: [] },
];

function serveEnrolled(ids: number[]) {
  server.use(
    http.post<never, never, StudentsEnrolledAnswer>('/api/ocr/get-students-enrolled-in-class', () =>
      HttpResponse.json({ students: family.filter((s) => ids.includes(s.StudentID)).map(({ StudentID, FirstName, LastName }) => ({ StudentID, FirstName, LastName })) }),
    ),
  );
}

function renderModal(
  initialStudentId: number | null,
  { students = family, ages = {}, allowCasual = false }: { students?: typeof family; ages?: { MinAge?: number; MaxAge?: number }; allowCasual?: boolean } = {},
) {
  renderRoute(
    <AddToCartModal
      cls={classSummary({ ClassID: 11, Name: 'Dolphin – Monday', ...ages })}
      ocrProfileId={1}
      allowCasual={allowCasual}
      students={students}
      initialStudentId={initialStudentId}
      onClose={() => {}}
    />,
    { url: '/hub/classes', config: registrationTestConfig() },
  );
}

describe('AddToCartModal: a child already in the class', () => {
  it.each([
    ['no child picked', null],
    ['the enrolled child picked', NOAH],
  ])('with %s, the child who can take the class is chosen and the enrolled one cannot be', async (_, initial) => {
    serveEnrolled([NOAH]);
    renderModal(initial);
    const dialog = await screen.findByRole('dialog', { name: 'Add to cart' });
    const noah = await within(dialog).findByRole<HTMLOptionElement>('option', { name: 'Noah Mitchell (already enrolled)' });
    expect(noah.disabled).toBe(true);
    const select = within(dialog).getByRole<HTMLSelectElement>('combobox', { name: 'Student' });
    await waitFor(() => expect(select.value).toBe(String(ELLA)));
    expect(within(dialog).getByRole<HTMLButtonElement>('button', { name: 'Add to cart' }).disabled).toBe(false);
  });

  it('the child picked on the class list, already enrolled, is named as such beside the one chosen instead', async () => {
    serveEnrolled([NOAH]);
    renderModal(NOAH);
    const dialog = await screen.findByRole('dialog', { name: 'Add to cart' });
    const select = within(dialog).getByRole<HTMLSelectElement>('combobox', { name: 'Student' });
    await waitFor(() => expect(select.value).toBe(String(ELLA)));
    expect(within(dialog).getByText('Noah Mitchell is already enrolled in this class.')).toBeTruthy();
    expect(select.getAttribute('aria-describedby')).toBeTruthy();
  });

  it('with every child enrolled, none is chosen, it says why and nothing can be added', async () => {
    serveEnrolled([NOAH, ELLA]);
    renderModal(null);
    const dialog = await screen.findByRole('dialog', { name: 'Add to cart' });
    await within(dialog).findByRole('option', { name: 'Ella Mitchell (already enrolled)' });
    expect(within(dialog).getByRole<HTMLSelectElement>('combobox', { name: 'Student' }).value).toBe('');
    expect(within(dialog).getByText('Every student is already enrolled in this class.')).toBeTruthy();
    expect(within(dialog).getByRole<HTMLButtonElement>('button', { name: 'Add to cart' }).disabled).toBe(true);
  });
});

describe('AddToCartModal: a child outside the class’s ages', () => {
  const aged = family.map((s) => ({ ...s, Age: s.StudentID === NOAH ? 7 : 4 }));

  it('is not offered it, says the ages, and the child who fits is chosen', async () => {
    serveEnrolled([]);
    renderModal(ELLA, { students: aged, ages: { MinAge: 7, MaxAge: 12 } });
    const dialog = await screen.findByRole('dialog', { name: 'Add to cart' });
    const ella = await within(dialog).findByRole<HTMLOptionElement>('option', { name: 'Ella Mitchell (ages 7 to 12 only)' });
    expect(ella.disabled).toBe(true);
    await waitFor(() => expect(within(dialog).getByRole<HTMLSelectElement>('combobox', { name: 'Student' }).value).toBe(String(NOAH)));
  });

  it('with no child of its ages, none is chosen and it says the ages', async () => {
    serveEnrolled([]);
    renderModal(null, { students: aged, ages: { MinAge: 9, MaxAge: 14 } });
    const dialog = await screen.findByRole('dialog', { name: 'Add to cart' });
    expect(await within(dialog).findByText('This class is for ages 9 to 14.')).toBeTruthy();
    expect(within(dialog).getByRole<HTMLButtonElement>('button', { name: 'Add to cart' }).disabled).toBe(true);
  });
});

describe('AddToCartModal: a class already in the cart for the child', () => {
  const inCart = (items: { dates: string[]; casual: boolean }[]) =>
    useCartStore.getState().setClassItems(items.map((i) => ({ ClassID: 11, StudentID: NOAH, ...i, label: 'Dolphin – Monday – Noah Mitchell' })));
  const validated: { kind: string; dates: string[] }[] = [];
  beforeEach(() => {
    validated.length = 0;
    server.use(
      http.post<never, { kind: string; dates: string[] }>('/api/classes/validate-class-item', async ({ request }) => {
        const body = await request.json();
        validated.push({ kind: body.kind, dates: body.dates });
        return HttpResponse.json({ success: true, item: { ClassID: 11, StudentID: NOAH, kind: body.kind, Name: 'Dolphin – Monday', dates: body.dates, unit_price: 3000, PlacesLeft: 3 } });
      }),
    );
  });

  it('a second session of a holiday class can be added beside the first, on another date', async () => {
    serveEnrolled([]);
    inCart([{ dates: ['2026-12-07'], casual: true }]);
    renderModal(NOAH, { allowCasual: true });
    const dialog = await screen.findByRole('dialog', { name: 'Add to cart' });
    await waitFor(() => expect(within(dialog).getByRole<HTMLSelectElement>('combobox', { name: 'Student' }).value).toBe(String(NOAH)));
    (await within(dialog).findByRole('radio', { name: 'One session (casual)' })).click();
    const date = await within(dialog).findByRole<HTMLSelectElement>('combobox', { name: 'Date' });
    // The session already in the cart is not offered again; the next one is chosen.
    expect(date.value).toBe('2026-12-14');
    expect(within(date).getByRole<HTMLOptionElement>('option', { name: /in your cart/ }).value).toBe('2026-12-07');
    expect(within(date).getByRole<HTMLOptionElement>('option', { name: /in your cart/ }).disabled).toBe(true);
    const add = within(dialog).getByRole<HTMLButtonElement>('button', { name: 'Add to cart' });
    expect(add.disabled).toBe(false);
    add.click();
    await screen.findByRole('dialog', { name: 'Added to cart' });
    expect(validated).toEqual([{ kind: 'casual', dates: ['2026-12-14'] }]);
    expect(useCartStore.getState().classItems.map((i) => i.dates)).toEqual([['2026-12-07'], ['2026-12-14']]);
  });

  it('the rest of the term cannot be added over a session in the cart, and it says why', async () => {
    serveEnrolled([]);
    inCart([{ dates: ['2026-12-07'], casual: true }]);
    renderModal(NOAH, { allowCasual: true });
    const dialog = await screen.findByRole('dialog', { name: 'Add to cart' });
    await waitFor(() => expect(within(dialog).getByRole<HTMLSelectElement>('combobox', { name: 'Student' }).value).toBe(String(NOAH)));
    expect(await within(dialog).findByText('A single session of this class is in your cart for Noah Mitchell: remove it from your cart to enrol for the term.')).toBeTruthy();
    expect(within(dialog).getByRole<HTMLButtonElement>('button', { name: 'Add to cart' }).disabled).toBe(true);
  });

  it('two sessions in the cart are named as two, and every session taken leaves none to add', async () => {
    serveEnrolled([]);
    inCart(['2026-12-07', '2026-12-14'].map((d) => ({ dates: [d], casual: true })));
    renderModal(NOAH, { allowCasual: true });
    const dialog = await screen.findByRole('dialog', { name: 'Add to cart' });
    expect(await within(dialog).findByText('2 sessions of this class are in your cart for Noah Mitchell: remove them from your cart to enrol for the term.')).toBeTruthy();
    cleanup();
    inCart(['2026-12-07', '2026-12-14', '2026-12-21', '2027-01-04'].map((d) => ({ dates: [d], casual: true })));
    renderModal(NOAH, { allowCasual: true });
    const again = await screen.findByRole('dialog', { name: 'Add to cart' });
    (await within(again).findByRole('radio', { name: 'One session (casual)' })).click();
    expect(await within(again).findByText('Every session of this class is already in your cart.')).toBeTruthy();
    expect(within(again).getByRole<HTMLButtonElement>('button', { name: 'Add to cart' }).disabled).toBe(true);
  });

  it('the term in the cart leaves no session to add', async () => {
    serveEnrolled([]);
    inCart([{ dates: [], casual: false }]);
    renderModal(NOAH, { allowCasual: true });
    const dialog = await screen.findByRole('dialog', { name: 'Add to cart' });
    await waitFor(() => expect(within(dialog).getByRole<HTMLSelectElement>('combobox', { name: 'Student' }).value).toBe(String(NOAH)));
    (await within(dialog).findByRole('radio', { name: 'One session (casual)' })).click();
    expect(await within(dialog).findByText('Already in your cart.')).toBeTruthy();
    expect(within(dialog).getByRole<HTMLButtonElement>('button', { name: 'Add to cart' }).disabled).toBe(true);
  });
});
