'use client';
// Asks before deleting a run: a modal <dialog> (focus trapped, Escape cancels) that names the
// run and what goes with it. Deleting cannot be undone.
import { useEffect, useRef, useState } from 'react';
import type { RunSummary } from '@/lib/contracts/api/runs';
import { formatCount } from '../ui/format';
import { deleteRunRequest } from './runMutations';

export function DeleteRunDialog({ run, onClose, onDeleted }: { run: RunSummary; onClose: () => void; onDeleted: () => void }) {
  const ref = useRef<HTMLDialogElement>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    const d = ref.current;
    if (d && !d.open) d.showModal();
  }, []);
  const confirm = async () => {
    setBusy(true);
    setError(null);
    try {
      await deleteRunRequest(run.id);
      onDeleted();
    } catch (e) {
      setError((e as Error).message);
      setBusy(false);
    }
  };
  return (
    <dialog ref={ref} className="panel" aria-labelledby="delete-run-title" onClose={onClose} onCancel={onClose}>
      <h2 id="delete-run-title">Delete “{run.name}”?</h2>
      <p>
        Its {formatCount(run.programCount)} programs, their evaluations, prompts and lineage, and the run&apos;s analyses are
        removed. Sources no other run shares are removed too. This cannot be undone.
      </p>
      {error && (
        <p className="error" role="alert">
          Could not delete: {error}
        </p>
      )}
      <div className="row">
        <button type="button" className="danger" onClick={confirm} disabled={busy}>
          {busy ? 'Deleting…' : 'Delete run'}
        </button>
        <button type="button" onClick={onClose} disabled={busy} autoFocus>
          Cancel
        </button>
      </div>
    </dialog>
  );
}
