import { useQueryClient } from '@tanstack/react-query';
import { ApiRequestError } from '@/lib/api-client';
import { classesKey } from '@/entities/classes/classes-key';

/**
 * A class that filled since the family chose it, refused at the quote (`quoteError`) or at Pay
 * (`refusedFull`), or whose place the quote could no longer hold (`placesTaken`): the checkout's
 * way back to the class step, where the search is read again (the portal keeps an answer 30 s) so
 * the class shows full and its waitlist is offered.
 * Undefined while nothing was refused for a full class.
 */
export function useChooseClassesAgain(refusedFull: boolean, quoteError: unknown, backToClasses: () => void, placesTaken = false): (() => void) | undefined {
  const queryClient = useQueryClient();
  const full = refusedFull || placesTaken || (quoteError instanceof ApiRequestError && quoteError.code === 'CLASS_FULL');
  if (!full) return undefined;
  return () => {
    void queryClient.invalidateQueries({ queryKey: classesKey });
    backToClasses();
  };
}
