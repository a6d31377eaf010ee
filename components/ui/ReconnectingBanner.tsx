'use client';
// A banner while the database restarts: the API answers 503 then (lib/db/unavailable.ts), and the
// queries that got it retry until it is back. Driven by the query cache, so no page needs to know.
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { HttpError } from './apiFetch';

const reconnecting = (e: unknown) => e instanceof HttpError && e.status === 503;

export function ReconnectingBanner() {
  const cache = useQueryClient().getQueryCache();
  const [shown, setShown] = useState(false);
  useEffect(() => {
    // fetchFailureReason: the latest failed attempt, set while the query is still retrying.
    const check = () =>
      setShown(cache.getAll().some((q) => reconnecting(q.state.fetchFailureReason) || (q.state.status === 'error' && reconnecting(q.state.error))));
    check();
    return cache.subscribe(check);
  }, [cache]);
  if (!shown) return null;
  return (
    <div role="status" data-testid="reconnecting" className="reconnecting-banner">
      The database is reconnecting; this page refreshes when it is back.
    </div>
  );
}

/** Retry policy for queries: keep retrying while the database reconnects, once otherwise. */
export function retryQuery(failures: number, e: unknown) {
  return reconnecting(e) ? failures < 60 : failures < 1;
}

export function retryDelay(failures: number, e: unknown) {
  return reconnecting(e) ? 2000 : Math.min(1000 * 2 ** failures, 30_000);
}
