'use client';
// The run's analyses job while it runs, under the run's navigation on every run page:
// "analyses: cycling done, complexity 40 %". Polls while a job runs or is due, disappears when the
// reports are current, and then refreshes the page's data (the charts read the new reports).
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useRouter } from 'next/navigation';
import { useEffect, useRef } from 'react';
import { analysesProgressUrl, analysesStatusSchema, pollInterval, statusLine } from '@/lib/analysis/analysesProgress';
import { apiFetch } from '../ui/apiFetch';

export function AnalysesProgress({ runId }: { runId: string }) {
  const { data } = useQuery({
    queryKey: ['analyses-progress', runId],
    queryFn: ({ signal }) => apiFetch(analysesProgressUrl(runId), { schema: analysesStatusSchema, signal }),
    refetchInterval: (q) => pollInterval(q.state.data),
  });
  const router = useRouter();
  const client = useQueryClient();
  const wasRunning = useRef(false);
  const busy = !!data && (data.running !== null || data.pending);
  useEffect(() => {
    if (busy) wasRunning.current = true;
    else if (data && wasRunning.current) {
      wasRunning.current = false;
      router.refresh();
      void client.invalidateQueries({ predicate: (q) => q.queryKey[0] !== 'analyses-progress' });
    }
  }, [busy, data, router, client]);
  if (!data || !busy) return null;
  return (
    <p className="muted analyses-progress" role="status" data-testid="analyses-progress" data-state={data.failed && !data.running ? 'failed' : 'busy'}>
      {statusLine(data)}
    </p>
  );
}
