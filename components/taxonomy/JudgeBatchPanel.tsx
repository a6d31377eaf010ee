'use client';
// "Judge with LLM": starts a judging batch (POST .../judge-batches {judge: 'llm'}), shows the
// newest LLM batch's progress (polled while it runs), and cancels or resumes it. When no LLM
// is configured (GET /api/settings/llm says so, or the start answers 409) the panel says so and
// links to /settings.
import { useQuery } from '@tanstack/react-query';
import Link from 'next/link';
import { useState } from 'react';
import { llmSettingsViewSchema } from '@/lib/contracts/api/llmSettings';
import { judgeBatchesUrl, judgeBatchListSchema } from '@/lib/contracts/api/taxonomySchemas';
import { apiFetch, errorText, HttpError } from '../ui/apiFetch';
import { ProgressBar } from '../ui/ProgressBar';
import { ACTIVE_BATCH, RESUMABLE_BATCH, batchProgressText, latestBatch } from './batchModel';

export function JudgeBatchPanel({ runId, onChanged }: { runId: string; onChanged: () => void }) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<{ message: string; notConfigured: boolean } | null>(null);
  const list = useQuery({
    queryKey: ['judge-batches', runId],
    queryFn: ({ signal }) => apiFetch(judgeBatchesUrl(runId), { schema: judgeBatchListSchema, signal }),
    refetchInterval: (q) => (q.state.data?.batches.some((b) => ACTIVE_BATCH.has(b.status)) ? 1000 : false),
  });
  const settings = useQuery({
    queryKey: ['llm-settings'],
    queryFn: ({ signal }) => apiFetch('/api/settings/llm', { schema: llmSettingsViewSchema, signal }),
  });
  const notConfigured = settings.data?.configured === false;
  const batches = list.data?.batches ?? [];
  const llm = latestBatch(batches, 'llm');
  const offline = latestBatch(batches, 'offline');
  const active = llm !== null && ACTIVE_BATCH.has(llm.status);
  const act = async (url: string, body?: unknown) => {
    setBusy(true);
    setError(null);
    try {
      await apiFetch(url, { method: 'POST', body });
    } catch (e) {
      const message = errorText(e);
      setError({ message, notConfigured: e instanceof HttpError && e.status === 409 && /configur|settings/i.test(message) });
    } finally {
      setBusy(false);
      await list.refetch();
      onChanged();
    }
  };
  return (
    <section className="panel" aria-label="Judging" data-testid="judge-batch-panel">
      <div className="row">
        <button
          type="button"
          onClick={() => act(judgeBatchesUrl(runId), { judge: 'llm' })}
          disabled={busy || active || notConfigured}
          aria-describedby={notConfigured ? 'llm-not-configured' : undefined}
        >
          {active ? 'LLM judging…' : 'Judge with LLM'}
        </button>
        {settings.data?.configured ? (
          <span className="muted">
            labels every edit of the run with {settings.data.model} (<Link href="/settings">Settings</Link>); cached answers cost nothing.
          </span>
        ) : (
          notConfigured && (
            <span className="muted" id="llm-not-configured" data-testid="llm-not-configured">
              No LLM is configured: set its endpoint and model on <Link href="/settings">Settings</Link>.
            </span>
          )
        )}
      </div>
      {error && (
        <p className="error" role="alert" data-testid="judge-batch-error">
          {error.notConfigured ? (
            <>
              No LLM is configured: set its endpoint and model on <Link href="/settings">Settings</Link> (or EVOSCOPE_LLM_BASE_URL, EVOSCOPE_LLM_MODEL).
            </>
          ) : (
            <>Could not change the judging: {error.message}</>
          )}
        </p>
      )}
      {list.isError && (
        <p className="error" role="alert">
          Could not load the judging batches: {list.error.message}
        </p>
      )}
      {llm && (
        <div data-testid="llm-batch" data-status={llm.status}>
          <ProgressBar label={`LLM ${llm.model ?? ''}: ${batchProgressText(llm)}`} value={llm.done} max={llm.total} testId="llm-batch-progress" />
          <div className="row">
            {ACTIVE_BATCH.has(llm.status) && (
              <button type="button" onClick={() => act(`${judgeBatchesUrl(runId)}/${llm.id}/cancel`)} disabled={busy}>
                Cancel
              </button>
            )}
            {RESUMABLE_BATCH.has(llm.status) && (
              <button type="button" onClick={() => act(`${judgeBatchesUrl(runId)}/${llm.id}/resume`)} disabled={busy}>
                Resume
              </button>
            )}
            {llm.error && <span className="error">{llm.error}</span>}
          </div>
        </div>
      )}
      {offline && ACTIVE_BATCH.has(offline.status) && (
        <ProgressBar label={`Offline judge: ${batchProgressText(offline)}`} value={offline.done} max={offline.total} testId="offline-batch-progress" />
      )}
    </section>
  );
}
