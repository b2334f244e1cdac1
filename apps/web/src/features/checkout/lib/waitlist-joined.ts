import { useEffect } from 'react';
import { create } from 'zustand';

/**
 * The cart's full classes the family put on their waitlist from the checkout: taken out of the
 * cart (they cannot be bought now), they are said above it until the family leaves the page.
 */
export const useWaitlistJoined = create<{ labels: string[]; joined: (label: string) => void; clear: () => void }>((set) => ({
  labels: [],
  joined: (label) => set((s) => ({ labels: s.labels.includes(label) ? s.labels : [...s.labels, label] })),
  clear: () => set({ labels: [] }),
}));

/** For a checkout page: what it said joined is forgotten when the family leaves it. */
export function useForgetWaitlistJoinedOnLeave() {
  useEffect(() => useWaitlistJoined.getState().clear, []);
}
