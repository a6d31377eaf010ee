'use client';
// A stored analysis read from our API: 202 {pending:true} while the worker computes it, polled
// every two seconds until it is there.
import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { isPending, pendingOr } from '@/lib/contracts/api/analyses';
import { apiFetch } from '../ui/apiFetch';

export type ReportState<T> =
  | { status: 'loading' }
  | { status: 'pending' }
  | { status: 'error'; message: string }
  | { status: 'ready'; data: T };

/** `packed`: the route serves a versioned body (lib/http/versionedBody.ts); fetch its packed form. */
export function usePolledReport<S extends z.ZodType>(url: string | null, schema: S, opts: { everyMs?: number; packed?: boolean } = {}): ReportState<z.infer<S>> {
  const { everyMs = 2000, packed = false } = opts;
  const q = useQuery({
    queryKey: ['report', url],
    queryFn: ({ signal }) => apiFetch(url!, { schema: pendingOr(schema), packed, signal }),
    enabled: url !== null,
    refetchInterval: (query) => (isPending(query.state.data) ? everyMs : false),
  });
  if (q.isError) return { status: 'error', message: q.error.message };
  if (q.data === undefined) return { status: 'loading' };
  if (isPending(q.data)) return { status: 'pending' };
  return { status: 'ready', data: q.data as z.infer<S> };
}
