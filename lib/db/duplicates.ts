// Duplicates by behaviour (lib/analysis/duplicatesReport.ts) of a stored run, kept in `analyses`
// (kind 'duplicates'): computed by the run-analyses task after every import, and on request
// when the stored one is older than the run's last change (a live run between analyses, or a run
// imported before this analysis existed).
import { duplicatesReport, type DuplicatesProgram, type DuplicatesReport } from '../analysis/duplicatesReport';
import { REPORT_VERSION } from '../analysis/reportTypes';
import { putAnalysis } from './analyses';
import { pool } from './client';

export const DUPLICATES = 'duplicates';

/** Programs in the run's canonical order, with code, behaviour and the LLM cost of their prompts. */
async function loadDedupPrograms(runId: string): Promise<DuplicatesProgram[]> {
  const { rows } = await pool().query<{
    id: string; external_id: string; code: string; output_hash: string | null; scores_per_test: Record<string, number> | null; cost: number | null;
  }>(
    `SELECT p.id::text, p.external_id, b.content AS code, p.output_hash, p.scores_per_test,
            (SELECT sum(c.cost)::float8 FROM contexts c WHERE c.program_id = p.id) AS cost
     FROM programs p JOIN blobs b ON b.sha256 = p.code_sha WHERE p.run_id = $1 ORDER BY p.seq`,
    [runId],
  );
  return rows.map((r) => ({ id: r.id, externalId: r.external_id, code: r.code, outputHash: r.output_hash, scoresPerTest: r.scores_per_test, cost: r.cost }));
}

export async function computeRunDuplicates(runId: string): Promise<DuplicatesReport> {
  const report = duplicatesReport(await loadDedupPrograms(runId));
  await putAnalysis(runId, DUPLICATES, '', report, REPORT_VERSION);
  return report;
}

/** The stored report when it is current, else computed now (and stored); null: no such run. */
export async function getRunDuplicates(runId: string): Promise<(DuplicatesReport & { computedAt: string }) | null> {
  const { rows } = await pool().query<{ result: DuplicatesReport | null; computed_at: Date | null; fresh: boolean }>(
    `SELECT a.result, a.computed_at, (a.version = $2 AND a.computed_at >= r.updated_at) AS fresh
     FROM runs r LEFT JOIN analyses a ON a.run_id = r.id AND a.kind = '${DUPLICATES}' AND a.params = '' WHERE r.id = $1`,
    [runId, REPORT_VERSION],
  );
  if (!rows.length) return null;
  if (rows[0].fresh && rows[0].result) return { ...rows[0].result, computedAt: rows[0].computed_at!.toISOString() };
  const report = await computeRunDuplicates(runId);
  return { ...report, computedAt: new Date().toISOString() };
}
