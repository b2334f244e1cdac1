import { create } from 'zustand';

/** The auth modals any part of the app may open (home's "My Account", the nav, ?ocr_profile, the account menu). */
export type ModalName = 'login' | 'register' | 'forgot-password' | 'switch-account';

interface UiState {
  modal: ModalName | null;
  openModal: (name: ModalName) => void;
  closeModal: () => void;
  /** Set when any call answers 403 COMPANY_INACTIVE; the shell then shows the inactive screen. */
  companyInactive: boolean;
  setCompanyInactive: (inactive: boolean) => void;
  /** Set when a link's company id named no company; the sign-in says so until the family leaves it. */
  unknownLink: boolean;
  setUnknownLink: (unknown: boolean) => void;
  /** Label of a blocking operation in progress; the shell shows a spinner overlay (B28). */
  blocking: string | null;
  runBlocking: <T>(label: string, work: () => Promise<T>) => Promise<T>;
}

export const useUiStore = create<UiState>()((set) => ({
  modal: null,
  openModal: (name) => set({ modal: name }),
  closeModal: () => set({ modal: null }),
  companyInactive: false,
  setCompanyInactive: (companyInactive) => set({ companyInactive }),
  unknownLink: false,
  setUnknownLink: (unknownLink) => set({ unknownLink }),
  blocking: null,
  runBlocking: async (label, work) => {
    set({ blocking: label });
    try {
      return await work();
    } finally {
      set({ blocking: null });
    }
  },
}));
