import { create } from 'zustand';
import { persist } from 'zustand/middleware';

/** A class in the cart with the session dates chosen for it (D1 §3 cart state). */
export interface CartClassItem {
  ClassID: number;
  StudentID: number | null;
  /** Casual: the chosen session only; otherwise empty for the rest of the term. */
  dates: string[];
  /** A casual enrolment (one session), where the profile allows it. */
  casual?: boolean;
}

/** A court or venue booking in the cart: date (yyyy-MM-dd), time (HH:mm) and court. */
export interface CartBookingItem {
  date: string;
  time: string;
  court: string;
}

interface CartState {
  /** The client the cart belongs to; another signed-in client empties it (D1 §4). */
  clientId: number | null;
  classItems: CartClassItem[];
  bookingItems: CartBookingItem[];
  /** Invoice numbers picked with Pay Now for /hub/invoice-checkout. */
  invoices: string[];
  ocrProfileId: number | null;
  /** Empties the cart if it was filled for a different client, then claims it. */
  claimFor: (clientId: number) => void;
  setClassItems: (items: CartClassItem[]) => void;
  setBookingItems: (items: CartBookingItem[]) => void;
  setInvoices: (invoices: string[]) => void;
  setOcrProfileId: (id: number | null) => void;
  /** The class part only ("New password set successfully" resets the class cart, D2 §8). */
  resetClassCart: () => void;
  clear: () => void;
}

const empty = { clientId: null, classItems: [], bookingItems: [], invoices: [], ocrProfileId: null };

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
      setOcrProfileId: (ocrProfileId) => set({ ocrProfileId }),
      resetClassCart: () => set({ classItems: [], ocrProfileId: null }),
      clear: () => set({ ...empty }),
    }),
    {
      name: 'portal-cart',
      partialize: ({ clientId, classItems, bookingItems, invoices, ocrProfileId }) => ({
        clientId,
        classItems,
        bookingItems,
        invoices,
        ocrProfileId,
      }),
    },
  ),
);

/** The cart button's count: class items plus booking items (B9). */
export function selectCartCount(state: Pick<CartState, 'classItems' | 'bookingItems'>): number {
  return state.classItems.length + state.bookingItems.length;
}
