import { lazy, useState } from 'react';
import { useUiStore } from '@/lib/ui-store';

// The forms pull in zod: not part of the first download.
const AuthModals = lazy(() => import('@/features/auth/components/auth-modals').then((m) => ({ default: m.AuthModals })));

/** The auth modals (and the form library with them) load the first time one is opened, then stay mounted so they can animate out. */
export function AuthModalsOnDemand() {
  const modalOpen = useUiStore((s) => s.modal !== null);
  const [wanted, setWanted] = useState(modalOpen);
  if (modalOpen && !wanted) setWanted(true);
  return wanted ? <AuthModals /> : null;
}
