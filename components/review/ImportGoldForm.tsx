'use client';
// Import a gold JSONL file (EvoReplay's shape, e.g. an export) as one reviewer's labelling, or as
// a labelling made elsewhere ('gold:<name>', e.g. EvoReplay's terminal review).
import { useRouter } from 'next/navigation';
import { useState } from 'react';
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
    const res = await fetch(`/api/reviews/${sessionId}/import`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ reviewer: reviewer === NEW ? `gold:${goldName.trim()}` : reviewer, text: await file.text() }),
    });
    const body = (await res.json().catch(() => null)) as { imported?: number; error?: string } | null;
    setMessage(res.ok ? `${body?.imported ?? 0} labels imported from ${file.name}` : `${file.name}: ${body?.error ?? res.status}`);
    if (res.ok) router.refresh();
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
