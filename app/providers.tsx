'use client';
// Client-side data (TanStack Query). One QueryClient per browser tab.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { ReconnectingBanner, retryDelay, retryQuery } from '@/components/ui/ReconnectingBanner';
import { z } from 'zod';

// zod probes for eval (`Function("")`) to compile faster parsers; the Content-Security-Policy
// forbids eval (lib/http/securityHeaders.ts), and each probe is reported as a violation. Say
// up front that it is unavailable.
z.config({ jitless: true });

export function Providers({ children }: { children: ReactNode }) {
  const [client] = useState(
    () =>
      new QueryClient({
        defaultOptions: { queries: { staleTime: 30_000, refetchOnWindowFocus: false, retry: retryQuery, retryDelay } },
      }),
  );
  return (
    <QueryClientProvider client={client}>
      <ReconnectingBanner />
      {children}
    </QueryClientProvider>
  );
}
