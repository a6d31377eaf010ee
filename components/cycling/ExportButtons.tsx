'use client';
// Export what the cycling page shows: the edits table (CSV) and the report (JSON), for the
// current definitions and scope. Edits are fetched page by page (500 at a time) on demand.
import { useState } from 'react';
import { editsPageSchema, isPending, pendingOr, type CyclingResponse, type EditRow, type EditsPage } from '@/lib/contracts/api/analyses';
import type { CyclingScope, Definitions } from '@/lib/contracts/analysisTypes';
import { downloadText } from '../analysis/download';
import { editsCsv } from './editsTableModel';
import { apiFetch } from '../ui/apiFetch';

async function fetchAllEdits(runId: string, definitions: Definitions, scope: CyclingScope): Promise<EditRow[]> {
  const out: EditRow[] = [];
  let offset: number | null = 0;
  while (offset !== null) {
    const page: EditsPage | { pending: true } = await apiFetch(`/api/runs/${runId}/cycling/edits?definitions=${definitions}&scope=${scope}&offset=${offset}&limit=500`, { schema: pendingOr(editsPageSchema), packed: true });
    if (isPending(page)) throw new Error('the report is still being computed');
    out.push(...page.edits);
    offset = page.nextOffset;
  }
  return out;
}

export function ExportButtons({ runId, report }: { runId: string; report: CyclingResponse }) {
  const [busy, setBusy] = useState<null | 'csv' | 'json'>(null);
  const [error, setError] = useState<string | null>(null);
  const { definitions, scope } = report;
  const base = `cycling-${runId.slice(0, 8)}-${definitions}-${scope}`;
  const run = async (kind: 'csv' | 'json') => {
    setBusy(kind);
    setError(null);
    try {
      const edits = await fetchAllEdits(runId, definitions, scope);
      if (kind === 'csv') downloadText(`${base}-edits.csv`, editsCsv(edits), 'text/csv');
      else {
        const { programIds: _ids, editCount: _n, ...stored } = report;
        downloadText(`${base}.json`, JSON.stringify({ runId, ...stored, edits }, null, 2), 'application/json');
      }
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    } finally {
      setBusy(null);
    }
  };
  return (
    <div className="row cycling-export" role="group" aria-label="Export">
      <button type="button" onClick={() => run('csv')} disabled={busy !== null}>
        {busy === 'csv' ? 'Exporting…' : 'Export edits (CSV)'}
      </button>
      <button type="button" onClick={() => run('json')} disabled={busy !== null}>
        {busy === 'json' ? 'Exporting…' : 'Export report (JSON)'}
      </button>
      <span className="muted">{definitions === 'default' ? 'Evoscope default' : 'EvoReplay-compatible'} definitions, {scope === 'run' ? 'run-wide' : 'lineage'} scope</span>
      {error && <span className="error" role="alert">{error}</span>}
    </div>
  );
}
