'use client';
// Export what the taxonomy page shows: the per-label figures (CSV, figure order), everything
// the page drew (JSON), and the selected label's edits (CSV; all pages, 500 at a time).
import { useState } from 'react';
import type { EditLabel } from '@/lib/contracts/editLabels';
import { judgementsPageSchema, type JudgedEdit, type RunTaxonomy, type TaxonomyStatsResponse } from '@/lib/contracts/api/taxonomySchemas';
import { downloadText } from '../analysis/download';
import { apiFetch } from '../ui/apiFetch';
import { judgedEditsCsv, labelStatsCsv } from './exportModel';
import { judgementsUrl } from './taxonomyUrls';

async function fetchAllJudgements(runId: string, judge: string, label: EditLabel): Promise<JudgedEdit[]> {
  const out: JudgedEdit[] = [];
  let cursor: string | undefined;
  do {
    const page = await apiFetch(judgementsUrl(runId, { judge, label, sort: 'seq', limit: 500, cursor }), { schema: judgementsPageSchema });
    out.push(...page.items);
    cursor = page.nextCursor ?? undefined;
  } while (cursor);
  return out;
}

/** A file-name-safe form of a judge key. */
const slug = (s: string) => s.replace(/[^A-Za-z0-9._-]+/g, '-');

export function TaxonomyExport({
  base,
  stats,
  json,
  edits,
}: {
  /** File name stem, e.g. taxonomy-1a2b3c4d-offline-2. */
  base: string;
  stats: TaxonomyStatsResponse;
  /** The JSON export: the response the page drew. */
  json: unknown;
  /** The selected label's edits, when one is selected (run pages only). */
  edits?: { runId: string; judge: string; label: EditLabel } | null;
}) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const exportEdits = async () => {
    if (!edits) return;
    setBusy(true);
    setError(null);
    try {
      const items = await fetchAllJudgements(edits.runId, edits.judge, edits.label);
      downloadText(`${base}-${edits.label}-edits.csv`, judgedEditsCsv(items), 'text/csv');
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="row cycling-export" role="group" aria-label="Export">
      <button type="button" onClick={() => downloadText(`${base}-labels.csv`, labelStatsCsv(stats), 'text/csv')}>
        Export label figures (CSV)
      </button>
      <button type="button" onClick={() => downloadText(`${base}.json`, JSON.stringify(json, null, 2), 'application/json')}>
        Export (JSON)
      </button>
      {edits && (
        <button type="button" onClick={exportEdits} disabled={busy}>
          {busy ? 'Exporting…' : 'Export these edits (CSV)'}
        </button>
      )}
      {error && (
        <span className="error" role="alert">
          {error}
        </span>
      )}
    </div>
  );
}

export function exportBase(prefix: string, judge: string): string {
  return `${prefix}-${slug(judge)}`;
}

export type { RunTaxonomy };
