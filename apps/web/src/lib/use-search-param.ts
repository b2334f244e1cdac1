import { useCallback } from 'react';
import { useSearchParams } from 'react-router';

/**
 * A list filter kept in the address (?key=value), so a reload, a shared link or Back
 * shows the same list. A missing or unknown value reads as the fallback, which is left
 * out of the address; other parameters are kept.
 */
export function useSearchParamState<T extends string>(key: string, allowed: readonly T[], fallback: T): [T, (value: T) => void] {
  const [params, setParams] = useSearchParams();
  const raw = params.get(key);
  const value = allowed.find((a) => a === raw) ?? fallback;
  const setValue = useCallback(
    (next: T) => {
      setParams(
        (current) => {
          const updated = new URLSearchParams(current);
          if (next === fallback) updated.delete(key);
          else updated.set(key, next);
          return updated;
        },
        { replace: true },
      );
    },
    [key, fallback, setParams],
  );
  return [value, setValue];
}
