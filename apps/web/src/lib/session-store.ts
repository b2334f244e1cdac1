import { create } from 'zustand';
import { persist } from 'zustand/middleware';
import type { CustomerUser } from '@portal/shared/customer-schemas';

export const SESSION_STORAGE_KEY = 'portal-session';

interface SessionState {
  user: CustomerUser | null;
  setUser: (user: CustomerUser | null) => void;
  clear: () => void;
}

/**
 * The signed-in customer, persisted so a reload keeps the signed-in view; the real
 * session is the HttpOnly cookie, and any 401 clears this (see api-client).
 */
export const useSessionStore = create<SessionState>()(
  persist(
    (set) => ({
      user: null,
      setUser: (user) => set({ user }),
      clear: () => set({ user: null }),
    }),
    { name: SESSION_STORAGE_KEY, partialize: (s) => ({ user: s.user }) },
  ),
);
