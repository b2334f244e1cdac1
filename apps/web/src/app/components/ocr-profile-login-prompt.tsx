import { useEffect } from 'react';
import { paths } from '@/config/paths';
import { useUiStore } from '@/lib/ui-store';

/** D21: a guest arriving at /hub/company?ocr_profile=… is asked to log in first. */
export function OcrProfileLoginPrompt({ pathname, search, signedIn }: { pathname: string; search: string; signedIn: boolean }) {
  const openModal = useUiStore((s) => s.openModal);
  const hasProfile = new URLSearchParams(search).has('ocr_profile');
  const prompt = pathname === paths.company && hasProfile && !signedIn;
  useEffect(() => {
    if (prompt) openModal('login');
  }, [prompt, openModal]);
  return null;
}
