import { useCallback, useRef } from 'react';
import type { MutateOptions, UseMutationResult } from '@tanstack/react-query';

/**
 * A mutation's `mutate` that sends one request at a time: a call made while one is on its way
 * is dropped. A double-tap lands its two clicks before React has drawn the button disabled, and
 * the second request's refusal ("already notified", "already used") would otherwise be the
 * answer the family sees, in place of the first's success.
 */
export function useOneAtATime<TData, TError, TVariables, TContext>(mutation: UseMutationResult<TData, TError, TVariables, TContext>) {
  const busy = useRef(false);
  const { mutate } = mutation;
  return useCallback(
    (variables: TVariables, options?: MutateOptions<TData, TError, TVariables, TContext>) => {
      if (busy.current) return;
      busy.current = true;
      mutate(variables, {
        ...options,
        onSettled: (...args) => {
          busy.current = false;
          return options?.onSettled?.(...args);
        },
      });
    },
    [mutate],
  );
}
