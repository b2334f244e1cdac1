import { create } from 'zustand';
import { persist } from 'zustand/middleware';

/** A class in the cart with the session dates chosen for it (D1 §3 cart state). */
export interface CartClassItem {
  ClassID: number;
  StudentID: number;
  /** Session dates chosen; empty for the rest of the term. */
  dates: string[];
  /** One session only (a casual enrolment). */
  casual?: boolean;
  /** What the list shows before the server's quote arrives (names only, never prices). */
  label?: string;
}

/** A court or venue booking in the cart: the booking request the server checks and prices. */
export interface CartBookingItem {
  venue_id: number;
  booking_type_id: number;
  /** yyyy-MM-dd */
  date: string;
  /** HH:mm */
  time: string;
  court: string;
  /** For display only (decision 025): checkout prices the request again. */
  venue: string;
  bookingType: string;
  endTime: string;
  priceCents: number;
}

/** A discount code entered for one invoice of the cart (D1 §3: invoiceNo, discountCode). */
export interface CartDiscountCode {
  invoiceNo: string;
  discountCode: string;
}

interface CartState {
  /** The client the cart belongs to; another signed-in client empties it (D1 §4). */
  clientId: number | null;
  classItems: CartClassItem[];
  bookingItems: CartBookingItem[];
  /** Invoice numbers picked with Pay Now for /hub/invoice-checkout. */
  invoices: string[];
  ocrProfileId: number | null;
  discountCodes: CartDiscountCode[];
  /** Customer credits selected, in the order chosen. */
  creditIds: number[];
  /** Empties the cart if it was filled for a different client, then claims it. */
  claimFor: (clientId: number) => void;
  setClassItems: (items: CartClassItem[]) => void;
  setBookingItems: (items: CartBookingItem[]) => void;
  setInvoices: (invoices: string[]) => void;
  /** Pay Now: adds an invoice once (H13). */
  addInvoice: (invoiceNo: string) => void;
  setOcrProfileId: (id: number | null) => void;
  setDiscountCodes: (codes: CartDiscountCode[]) => void;
  setCreditIds: (ids: number[]) => void;
  /** The class part only ("New password set successfully" resets the class cart, D2 §8). */
  resetClassCart: () => void;
  /** After a payment: the part that was paid (classes and bookings, or the invoice cart). */
  clearPaid: (what: 'items' | 'invoices') => void;
  clear: () => void;
}

const CART_KEY = 'portal-cart';
const CART_ID_KEY = 'portal-cart-id';
let unsaved: string | null = null;

/**
 * This browser's cart, by a random id kept beside it (decision 137): the places its holds give back
 * are only those it held itself, never those the family's other device holds. Kept in storage from
 * the first time it is asked for, so every tab and every later page of the browser sends the same
 * one; emptying the cart or another client signing in keeps it. getRandomValues: a page served
 * over plain HTTP on a school's network has no randomUUID.
 */
export function browserCartId(): string {
  try {
    const kept = window.localStorage.getItem(CART_ID_KEY);
    if (kept && /^[0-9a-f]{24}$/.test(kept)) return kept;
    const id = newCartId();
    window.localStorage.setItem(CART_ID_KEY, id);
    return id;
  } catch {
    // Storage refused (a private window's quota): one id for this page's life.
    return (unsaved ??= newCartId());
  }
}

function newCartId(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(12)), (b) => b.toString(16).padStart(2, '0')).join('');
}

const empty = { clientId: null, classItems: [], bookingItems: [], invoices: [], ocrProfileId: null, discountCodes: [], creditIds: [] };

export const useCartStore = create<CartState>()(
  persist(
    (set, get) => ({
      ...empty,
      claimFor: (clientId) => {
        const owner = get().clientId;
        if (owner !== null && owner !== clientId) set({ ...empty, clientId });
        else set({ clientId });
      },
      setClassItems: (classItems) => set({ classItems }),
      setBookingItems: (bookingItems) => set({ bookingItems }),
      setInvoices: (invoices) => set({ invoices }),
      addInvoice: (invoiceNo) => set((s) => (s.invoices.includes(invoiceNo) ? s : { invoices: [...s.invoices, invoiceNo] })),
      setOcrProfileId: (ocrProfileId) => set({ ocrProfileId }),
      setDiscountCodes: (discountCodes) => set({ discountCodes }),
      setCreditIds: (creditIds) => set({ creditIds }),
      resetClassCart: () => set({ classItems: [], ocrProfileId: null }),
      clearPaid: (what) => set(what === 'items' ? { classItems: [], bookingItems: [], ocrProfileId: null, discountCodes: [], creditIds: [] } : { invoices: [], discountCodes: [], creditIds: [] }),
      clear: () => set({ ...empty }),
    }),
    {
      name: CART_KEY,
      partialize: ({ clientId, classItems, bookingItems, invoices, ocrProfileId, discountCodes, creditIds }) => ({
        clientId,
        classItems,
        bookingItems,
        invoices,
        ocrProfileId,
        discountCodes,
        creditIds,
      }),
    },
  ),
);

/** The cart button's count: class items plus booking items (B9). */
export function selectCartCount(state: Pick<CartState, 'classItems' | 'bookingItems'>): number {
  return state.classItems.length + state.bookingItems.length;
}

/** True while this tab reads in a change another tab made: that tab sent it to be held, not this one. */
let followingOtherTab = false;
export const isFollowingOtherTab = () => followingOtherTab;

/**
 * The tabs of one browser share one cart (and one cart id, decision 137): another tab's change (a
 * class added, a court removed) is read here as it is stored, so this tab shows it and never sends
 * an older cart that would give back a place the other tab just held. The tab that made the change
 * sends it; this one sends nothing (`isFollowingOtherTab`) and is told by `onFollowed`, to read the
 * holds anew. Returns the unsubscribe.
 */
export function followCartOfOtherTabs(onFollowed: () => void): () => void {
  const onStorage = (event: StorageEvent) => {
    if (event.key !== CART_KEY || event.storageArea !== window.localStorage) return;
    followingOtherTab = true;
    void useCartStore.persist.rehydrate().finally(() => {
      followingOtherTab = false;
      onFollowed();
    });
  };
  window.addEventListener('storage', onStorage);
  return () => window.removeEventListener('storage', onStorage);
}
