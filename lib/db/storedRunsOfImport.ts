// What an import stored, per run: the summary storeImportedRuns returns (importRun.ts), and the
// same summary read back from the database for an import whose runs an earlier attempt stored.
import type { ImportWarning } from '../trace/schema';
import { pool } from './client';

export interface StoredRunSummary {
  runId: string;
  name: string;
  format: string;
  programs: number;
  edges: number;
  /** Programs evaluated and found invalid (not counting those never evaluated). */
  invalidPrograms: number;
  /** Programs never evaluated (valid=false, evaluated=false). */
  unevaluatedPrograms: number;
  /** Programs the search rejected (valid=false, rejected=true): neither invalid nor ever best. */
  rejectedPrograms: number;
  /** EvoX search strategies stored with the run. */
  strategies: number;
  /** Programs with at least one stored prompt (context). */
  prompts: number;
  islands: number;
  bestProgramExternalId: string | null;
  bestScore: number | null;
  warnings: ImportWarning[];
}

/** The runs an import already stored, summarised from what the database holds (empty if none). */
export async function storedRunsOfImport(importId: string): Promise<StoredRunSummary[]> {
  const { rows } = await pool().query<{
    id: string; name: string; report: { format?: string; warnings?: ImportWarning[] } | null; program_count: number;
    edge_count: number; invalid_count: number; unevaluated_count: number; island_count: number; best_score: number | null;
    best_ext: string | null; prompts: number; rejected_count: number; strategies: number;
  }>(
    `SELECT r.id, r.name, r.import_report AS report, r.program_count, r.edge_count, r.invalid_count, r.unevaluated_count,
            r.island_count, r.best_score, r.rejected_count,
            (SELECT count(*) FROM strategies WHERE run_id = r.id)::int AS strategies,
            (SELECT external_id FROM programs WHERE id = r.best_program_id) AS best_ext,
            (SELECT count(DISTINCT program_id) FROM contexts WHERE run_id = r.id)::int AS prompts
     FROM runs r WHERE r.import_job_id = $1 ORDER BY r.imported_at, r.id`,
    [importId],
  );
  return rows.map((r) => ({
    runId: r.id,
    name: r.name,
    format: r.report?.format ?? 'unknown',
    programs: r.program_count,
    edges: r.edge_count,
    invalidPrograms: r.invalid_count,
    unevaluatedPrograms: r.unevaluated_count,
    rejectedPrograms: r.rejected_count,
    strategies: r.strategies,
    prompts: r.prompts,
    islands: r.island_count,
    bestProgramExternalId: r.best_ext,
    bestScore: r.best_score,
    warnings: r.report?.warnings ?? [],
  }));
}
