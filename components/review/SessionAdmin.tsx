'use client';
// A session's admin actions on the sessions list: assign another reviewer (instances with
// accounts), delete the session with everyone's labels (after a confirmation).
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { apiFetch, errorText } from '../ui/apiFetch';
import type { ReviewerOption } from './CreateSessionForm';

export function SessionAdmin({ sessionId, name, unassigned }: { sessionId: string; name: string; unassigned: ReviewerOption[] }) {
  const router = useRouter();
  const [reviewer, setReviewer] = useState(unassigned[0]?.id ?? '');
  const [error, setError] = useState<string | null>(null);

  async function send(method: 'POST' | 'DELETE', url: string, body?: unknown) {
    try {
      await apiFetch(url, { method, body });
    } catch (e) {
      return setError(errorText(e));
    }
    setError(null);
    router.refresh();
  }

  return (
    <div className="row" style={{ gap: '0.4rem', fontSize: '0.85rem', marginTop: '0.3rem' }}>
      {unassigned.length > 0 && (
        <>
          <select aria-label="Assign reviewer" value={reviewer} onChange={(e) => setReviewer(e.target.value)}>
            {unassigned.map((r) => (
              <option key={r.id} value={r.id}>
                {r.label}
              </option>
            ))}
          </select>
          <button type="button" onClick={() => void send('POST', `/api/reviews/${sessionId}/reviewers`, { reviewers: [reviewer] })}>
            Assign
          </button>
        </>
      )}
      <button
        type="button"
        className="danger"
        onClick={() => {
          if (window.confirm(`Delete the review session "${name}" and every reviewer's labels in it?`)) void send('DELETE', `/api/reviews/${sessionId}`);
        }}
      >
        Delete
      </button>
      {error && <span role="alert">{error}</span>}
    </div>
  );
}
