// The change stamps that key the cached bodies of a run (lib/http/versionedBody.ts): one small
// indexed read per request, so a repeat request costs this and nothing else.
//
// A run's programs only change through appendPrograms / appendDiagnoses / finishLiveRun, which
// all bump runs.updated_at (importRun writes a new run); program_count is added as a second
// guard. Renaming and tagging leave updated_at alone on purpose (lib/db/runEdit.ts): the points
// and the graph do not show the name. The graph also embeds the stored lineage report and the
// diagnoses' agent candidates, which the worker writes without touching the run: their stamps are
// part of the graph's version, and so is the worker's cached graph (graph_cache) the body is read
// from: written, rewritten or dropped, the body is rebuilt.
import { ANALYSIS, REPORT_VERSION } from '../analysis/reportTypes';
import { pool } from './client';

export interface RunPointsInfo {
  id: string;
  metricKeys: string[];
  scoreMetric: string | null;
  higherIsBetter: boolean;
  /** Changes whenever the run's programs do. */
  version: string;
}

const stamp = (updatedAt: Date, programCount: number) => `${updatedAt.getTime().toString(36)}.${programCount}`;

/** What the points route needs of a run, with its version; null when there is no such run. */
export async function runPointsInfo(runId: string): Promise<RunPointsInfo | null> {
  const { rows } = await pool().query<{ id: string; metric_keys: string[]; score_metric: string | null; higher_is_better: boolean; updated_at: Date; program_count: number }>(
    'SELECT id, metric_keys, score_metric, higher_is_better, updated_at, program_count FROM runs WHERE id = $1',
    [runId],
  );
  const r = rows[0];
  if (!r) return null;
  return { id: r.id, metricKeys: r.metric_keys, scoreMetric: r.score_metric, higherIsBetter: r.higher_is_better, version: stamp(r.updated_at, r.program_count) };
}

/** The version of a run's lineage graph (GET .../graph); null when there is no such run. */
export async function runGraphVersion(runId: string): Promise<string | null> {
  const { rows } = await pool().query<{ updated_at: Date; program_count: number; lineage_at: Date | null; diagnoses: number; diagnosed_at: Date | null; cached_at: Date | null }>(
    `SELECT r.updated_at, r.program_count,
            (SELECT max(computed_at) FROM analyses a WHERE a.run_id = r.id AND a.kind = $2 AND a.params = '' AND a.version = $3) AS lineage_at,
            d.n AS diagnoses, d.at AS diagnosed_at,
            (SELECT computed_at FROM graph_cache g WHERE g.run_id = r.id) AS cached_at
     FROM runs r,
          LATERAL (SELECT count(*)::int AS n, max(created_at) AS at FROM diagnoses WHERE run_id = r.id AND agent_candidate_program_id IS NOT NULL) d
     WHERE r.id = $1`,
    [runId, ANALYSIS.lineage, REPORT_VERSION],
  );
  const r = rows[0];
  if (!r) return null;
  return [stamp(r.updated_at, r.program_count), r.lineage_at?.getTime().toString(36) ?? 'none', r.diagnoses, r.diagnosed_at?.getTime().toString(36) ?? '0', r.cached_at?.getTime().toString(36) ?? 'live', REPORT_VERSION].join('.');
}

/**
 * The version of what a run's stored analyses say (GET .../cycling, .../evolution, ...): the
 * run's stamp and the count and latest computed_at of its analyses rows (the worker upserts them,
 * setting computed_at). Null when there is no such run.
 */
export async function runAnalysesVersion(runId: string): Promise<string | null> {
  const { rows } = await pool().query<{ updated_at: Date; program_count: number; n: number; at: Date | null }>(
    `SELECT r.updated_at, r.program_count, a.n, a.at
     FROM runs r, LATERAL (SELECT count(*)::int AS n, max(computed_at) AS at FROM analyses WHERE run_id = r.id) a
     WHERE r.id = $1`,
    [runId],
  );
  const r = rows[0];
  if (!r) return null;
  return [stamp(r.updated_at, r.program_count), r.n, r.at?.getTime().toString(36) ?? '0', REPORT_VERSION].join('.');
}
