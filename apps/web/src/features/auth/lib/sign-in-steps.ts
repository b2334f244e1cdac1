import { useEffect, useState } from 'react';
import { SIGN_IN_STEPS_KEY } from '@/entities/customer/identity';

function readSeen(): number[] {
  try {
    const stored: unknown = JSON.parse(sessionStorage.getItem(SIGN_IN_STEPS_KEY) ?? '[]');
    return Array.isArray(stored) ? stored.filter((id): id is number => typeof id === 'number') : [];
  } catch {
    return [];
  }
}

/**
 * "Step 2 of 3": every action of this sign-in seen in this tab counts, the ones done as well as the
 * ones queued, so the count goes on from where the customer is, a reload included (the tab keeps
 * them until the queue is empty or the identity changes).
 */
export function useSignInSteps(queued: readonly { id: number }[] | undefined): { step: number; steps: number } {
  const [seen, setSeen] = useState<number[]>(readSeen);
  const ids = (queued ?? []).map((a) => a.id);
  const unseen = ids.filter((id) => !seen.includes(id));
  if (unseen.length > 0) setSeen([...seen, ...unseen]);
  const empty = queued !== undefined && queued.length === 0;

  useEffect(() => {
    try {
      if (empty) sessionStorage.removeItem(SIGN_IN_STEPS_KEY);
      else if (seen.length > 0) sessionStorage.setItem(SIGN_IN_STEPS_KEY, JSON.stringify(seen));
    } catch {
      // Storage switched off: the count simply starts again on a reload.
    }
  }, [seen, empty]);

  const steps = new Set([...seen, ...ids]).size;
  return { step: steps - ids.length + 1, steps };
}
