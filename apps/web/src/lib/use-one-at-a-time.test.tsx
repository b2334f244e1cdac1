// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, renderHook, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider, useMutation } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useOneAtATime } from './use-one-at-a-time';

afterEach(cleanup);

describe('useOneAtATime', () => {
  it('sends a double-tap once, and the next tap after the answer again; the caller’s callbacks run for the one sent', async () => {
    const sent: number[] = [];
    const settled: string[] = [];
    const client = new QueryClient();
    const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>;
    const { result } = renderHook(
      () => {
        const mutation = useMutation({
          mutationFn: async (n: number) => {
            sent.push(n);
            await new Promise((resolve) => setTimeout(resolve, 20));
            return n;
          },
        });
        return { send: useOneAtATime(mutation), mutation };
      },
      { wrapper },
    );
    act(() => {
      result.current.send(1, { onSuccess: (n) => settled.push(`ok ${n}`) });
      result.current.send(2, { onSuccess: (n) => settled.push(`ok ${n}`) });
    });
    await waitFor(() => expect(settled).toEqual(['ok 1']));
    expect(sent).toEqual([1]);
    act(() => result.current.send(3, { onSettled: () => settled.push('settled 3') }));
    await waitFor(() => expect(settled).toEqual(['ok 1', 'settled 3']));
    expect(sent).toEqual([1, 3]);
  });
});
