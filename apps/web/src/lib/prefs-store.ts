import { create } from 'zustand';
import { persist } from 'zustand/middleware';

interface PrefsState {
  /** Set by Skip / Get Started so the intro carousel is not shown again (B24, X15). */
  introDone: boolean;
  /** Dark mode (the persisted "dark" flag of D1 §4; meaning chosen under U17). */
  dark: boolean;
  setIntroDone: () => void;
  setDark: (dark: boolean) => void;
}

export const usePrefsStore = create<PrefsState>()(
  persist(
    (set) => ({
      introDone: false,
      dark: false,
      setIntroDone: () => set({ introDone: true }),
      setDark: (dark) => set({ dark }),
    }),
    { name: 'portal-prefs' },
  ),
);
