'use client';
// While a run is being streamed in (status "live"), refreshes the page's server data and
// every client query every few seconds, so new programs appear without a reload.
import { useQueryClient } from '@tanstack/react-query';
import { useRouter } from 'next/navigation';
import { useEffect } from 'react';

export function LiveRefresh({ live, everyMs = 2000 }: { live: boolean; everyMs?: number }) {
  const router = useRouter();
  const client = useQueryClient();
  useEffect(() => {
    if (!live) return;
    const t = setInterval(() => {
      router.refresh();
      void client.invalidateQueries();
    }, everyMs);
    return () => clearInterval(t);
  }, [live, everyMs, router, client]);
  if (!live) return null;
  return (
    <span className="tag ok" role="status" title="Programs are being streamed in; this page updates by itself">
      live
    </span>
  );
}
