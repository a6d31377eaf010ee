'use client';
// An LLM exchange's request and reply, fetched when opened (they can be long; the transcript
// lists many) through the diagnosis's source route.
import { useState } from 'react';
import { getDiagnosisSource } from './diagnosisClient';

export function ExchangeText({ runId, diagnosisId, sha, label }: { runId: string; diagnosisId: string; sha: string; label: string }) {
  const [state, setState] = useState<{ text?: string; error?: string; loading?: boolean }>({});
  return (
    <details
      onToggle={(e) => {
        if (!(e.currentTarget as HTMLDetailsElement).open || state.text !== undefined || state.loading) return;
        setState({ loading: true });
        getDiagnosisSource(runId, diagnosisId, sha).then(
          (r) => setState({ text: r.source }),
          (err: Error) => setState({ error: err.message }),
        );
      }}
    >
      <summary>{label}</summary>
      {state.loading && <p className="muted">Loading…</p>}
      {state.error && <p className="error" role="alert">{state.error}</p>}
      {state.text !== undefined && <pre className="code-block" data-testid="exchange-text">{state.text}</pre>}
    </details>
  );
}
