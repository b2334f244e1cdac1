import type { ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { LucideProvider } from 'lucide-react';
import { queryClient } from './query-client';

/** Icons are 20 px with a light stroke unless a component says otherwise (className size-*). */
export function AppProvider({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <LucideProvider size={20} strokeWidth={1.8}>
        {children}
      </LucideProvider>
    </QueryClientProvider>
  );
}
