'use client';
// Tune: pick where the knobs come from (the offline finder, or the LLM with the paper's B.9
// prompt), edit the proposed list, set the number of evaluator calls and the seed, Start.
import { useEffect, useState } from 'react';
import type { KnobProposal } from '@/lib/contracts/interventionTypes';
import { getOfflineKnobs, proposeLlmKnobs, type StartRequest } from './experimentClient';
import { KnobTable } from './KnobTable';
import { editRow, knobsOf, rowsOf, type KnobRow } from './knobTableModel';

export function TuneForm({ runId, programId, busy, onStart }: { runId: string; programId: string; busy: boolean; onStart: (req: StartRequest) => void }) {
  const [source, setSource] = useState<'offline' | 'llm'>('offline');
  const [proposal, setProposal] = useState<KnobProposal | null>(null);
  const [rows, setRows] = useState<KnobRow[]>([]);
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [calls, setCalls] = useState('24');
  const [seed, setSeed] = useState('0');

  useEffect(() => {
    if (source !== 'offline') return;
    const ac = new AbortController();
    setLoading(true);
    setError(null);
    getOfflineKnobs(runId, programId, ac.signal)
      .then((p) => {
        setProposal(p);
        setRows(rowsOf(p.knobs));
      })
      .catch((e: Error) => !ac.signal.aborted && setError(`Could not find knobs: ${e.message}`))
      .finally(() => !ac.signal.aborted && setLoading(false));
    return () => ac.abort();
  }, [source, runId, programId]);

  async function askLlm() {
    setLoading(true);
    setError(null);
    try {
      const p = await proposeLlmKnobs(runId, programId);
      setProposal(p);
      setRows(rowsOf(p.knobs));
    } catch (e) {
      setError(`The LLM proposal failed: ${(e as Error).message}`);
    } finally {
      setLoading(false);
    }
  }

  const knobs = knobsOf(rows);
  const nCalls = Number(calls);
  const nSeed = Number(seed);
  const callsOk = Number.isInteger(nCalls) && nCalls >= 2 && nCalls <= 200;
  const seedOk = Number.isInteger(nSeed) && nSeed >= 0;
  const ready = !!proposal && proposal.knobs.length > 0 && knobs !== null && callsOk && seedOk && !busy && !loading;
  return (
    <form
      data-testid="tune-form"
      aria-label="Tune"
      onSubmit={(e) => {
        e.preventDefault();
        if (ready && knobs) onStart({ kind: 'tune', programId, params: { knobSource: source, knobs, calls: nCalls, seed: nSeed } });
      }}
    >
      <div className="row">
        <span role="radiogroup" aria-label="Knob source" className="row" style={{ gap: '0.8rem' }}>
          <span className="muted">Knobs from</span>
          <label>
            <input type="radio" name="knob-source" checked={source === 'offline'} onChange={() => setSource('offline')} /> the offline finder
          </label>
          <label>
            <input type="radio" name="knob-source" checked={source === 'llm'} onChange={() => { setSource('llm'); setProposal(null); setRows([]); }} /> the LLM (B.9 prompt)
          </label>
        </span>
        {source === 'llm' && (
          <button type="button" onClick={askLlm} disabled={loading || busy}>
            {loading ? 'Asking…' : proposal ? 'Ask again' : 'Ask the LLM for knobs'}
          </button>
        )}
        {loading && source === 'offline' && <span className="muted" role="status">Finding knobs…</span>}
      </div>
      {error && <p className="error" role="alert">{error}</p>}
      {proposal && (
        <>
          <KnobTable rows={rows} disabled={busy} onEdit={(i, f, v) => setRows((rs) => editRow(rs, i, f, v))} />
          <p className="muted" style={{ fontSize: '0.82rem' }} data-testid="knob-summary">
            {rows.filter((r) => r.include).length} of {rows.length} knobs to tune
            {proposal.excluded.length > 0 && <> · {proposal.excluded.length} literals left out by the finder&apos;s rules</>}
            {proposal.dropped && proposal.dropped.length > 0 && <> · {proposal.dropped.length} LLM specs dropped ({proposal.dropped.map((d) => `${d.name}: ${d.reason}`).join('; ')})</>}
          </p>
          {proposal.excluded.length > 0 && (
            <details>
              <summary className="muted">Literals not offered, and why</summary>
              <ul style={{ fontSize: '0.82rem' }}>
                {proposal.excluded.map((x, i) => (
                  <li key={i}>
                    line {x.line} <code>{x.literal}</code>: {x.rule}
                  </li>
                ))}
              </ul>
            </details>
          )}
        </>
      )}
      <div className="row" style={{ marginTop: '0.5rem' }}>
        <label>
          Calls{' '}
          <input type="number" min={2} max={200} value={calls} onChange={(e) => setCalls(e.target.value)} style={{ width: '5rem' }} aria-invalid={!callsOk || undefined} />
        </label>
        <label>
          Seed{' '}
          <input type="number" min={0} value={seed} onChange={(e) => setSeed(e.target.value)} style={{ width: '6rem' }} aria-invalid={!seedOk || undefined} />
        </label>
        <button type="submit" disabled={!ready}>
          Start tuning
        </button>
        <span className="muted" style={{ fontSize: '0.82rem' }}>
          The defaults first, then 8 random points, then guided by a Gaussian process with expected improvement.
        </span>
      </div>
    </form>
  );
}
