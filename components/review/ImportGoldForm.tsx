'use client';
// Import a gold JSONL file (EvoReplay's shape, e.g. an export) as one reviewer's labelling, or as
// a labelling made elsewhere ('gold:<name>', e.g. EvoReplay's terminal review).
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { apiFetch, errorText } from '../ui/apiFetch';
import type { ReviewerOption } from './CreateSessionForm';

/** The select's value for "a labelling made elsewhere": stored as reviewer 'gold:<name>'. */
const NEW = '(new)';

export function ImportGoldForm({ sessionId, reviewers }: { sessionId: string; reviewers: ReviewerOption[] }) {
  const router = useRouter();
  const [reviewer, setReviewer] = useState(reviewers[0]?.id ?? NEW);
  const [goldName, setGoldName] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [message, setMessage] = useState<string | null>(null);

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    if (!file) return;
    try {
      const body = await apiFetch<{ imported?: number } | null>(`/api/reviews/${sessionId}/import`, {
        method: 'POST',
        body: { reviewer: reviewer === NEW ? `gold:${goldName.trim()}` : reviewer, text: await file.text() },
      });
      setMessage(`${body?.imported ?? 0} labels imported from ${file.name}`);
      router.refresh();
    } catch (err) {
      setMessage(`${file.name}: ${errorText(err)}`);
    }
  }

  return (
    <form onSubmit={submit} className="row" style={{ gap: '0.4rem', fontSize: '0.85rem' }} aria-label="Import labels">
      <select aria-label="Import as reviewer" value={reviewer} onChange={(e) => setReviewer(e.target.value)}>
        {reviewers.map((r) => (
          <option key={r.id} value={r.id}>
            {r.label}
          </option>
        ))}
        <option value={NEW}>a labelling made elsewhere…</option>
      </select>
      {reviewer === NEW && (
        <input type="text" aria-label="Labelling name" placeholder="e.g. evoreplay" value={goldName} onChange={(e) => setGoldName(e.target.value)} style={{ width: '9rem' }} />
      )}
      <input type="file" accept=".jsonl,.json,application/x-ndjson" aria-label="Gold JSONL file" onChange={(e) => setFile(e.target.files?.[0] ?? null)} />
      <button type="submit" disabled={!file || (reviewer === NEW && !goldName.trim())}>
        Import
      </button>
      {message && <span role="status">{message}</span>}
    </form>
  );
}
