import { useEffect, useRef } from 'react';
import { create } from 'zustand';

export interface SettingsBack {
  /** The tab the button returns to: "My Details", "Login & Security", "Billing", "Agreements". */
  label: string;
  onBack: () => void;
}

const useSettingsBackStore = create<{ back: SettingsBack | null }>(() => ({ back: null }));

/**
 * K3: while a settings page edits (details, password, a card) or views an agreement, the
 * settings layout shows a back button labelled with the tab in place of the tab bar. A page
 * calls this with `active` while it is in that state; leaving it or unmounting gives the tab
 * bar back.
 */
export function useSettingsBackButton(active: boolean, label: string, onBack: () => void): void {
  const latest = useRef(onBack);
  useEffect(() => {
    latest.current = onBack;
  });
  useEffect(() => {
    if (!active) return;
    const entry: SettingsBack = { label, onBack: () => latest.current() };
    useSettingsBackStore.setState({ back: entry });
    return () => {
      if (useSettingsBackStore.getState().back === entry) useSettingsBackStore.setState({ back: null });
    };
  }, [active, label]);
}

/** What the settings layout shows in place of its tab bar, if anything. */
export function useSettingsBack(): SettingsBack | null {
  return useSettingsBackStore((s) => s.back);
}
