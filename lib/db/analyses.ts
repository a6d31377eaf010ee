// Stored analysis results (table `analyses`): written by worker tasks, read by routes. Every
// row carries the REPORT_VERSION that computed it; a row of another version is stale (computed
// by older code after an upgrade) and reads as "not computed yet" until the worker, which
// re-queues stale runs at start-up, has recomputed it.
import { bestSoFar, type BestSoFarResult, type ScoredProgram } from '../analysis/bestSoFar';
import { REPORT_VERSION } from '../analysis/reportTypes';
import { pool, prisma } from './client';

export const BEST_SO_FAR = 'best-so-far';
export const bestSoFarParams = (metric: string) => `metric=${metric}`;

export async function putAnalysis(runId: string, kind: string, params: string, result: unknown, version = REPORT_VERSION) {
  await pool().query(
    `INSERT INTO analyses (run_id, kind, params, version, result, computed_at) VALUES ($1, $2, $3, $4, $5, now())
     ON CONFLICT (run_id, kind, params) DO UPDATE SET result = EXCLUDED.result, version = EXCLUDED.version, computed_at = now()`,
    // JSON.stringify itself writes NaN and ±Infinity as null (what jsonb accepts); a replacer
    // doing the same called a function per value: ~1.8x slower on the 26 MB reports of a 100k run.
    [runId, kind, params, version, JSON.stringify(result)],
  );
}

export async function getAnalysis<T>(runId: string, kind: string, params = ''): Promise<T | null> {
  const row = await prisma().analysis.findUnique({ where: { runId_kind_params: { runId, kind, params } } });
  return row?.version === REPORT_VERSION ? (row.result as T) : null;
}

/** Runs with a report computed by another REPORT_VERSION (oldest analysis first). */
export async function staleAnalysisRunIds(): Promise<string[]> {
  const { rows } = await pool().query<{ run_id: string }>(
    `SELECT run_id FROM analyses WHERE version <> $1 GROUP BY run_id ORDER BY min(computed_at)`,
    [REPORT_VERSION],
  );
  return rows.map((r) => r.run_id);
}

export function getBestSoFar(runId: string, metric: string): Promise<BestSoFarResult | null> {
  return getAnalysis<BestSoFarResult>(runId, BEST_SO_FAR, bestSoFarParams(metric));
}

/**
 * Programs of a run in canonical order with the value of one metric. For the run's primary
 * metric the stored score is used (it already excludes sentinels); for any other metric the
 * value is the metric when it is a JSON number.
 */
export async function loadScoredPrograms(runId: string, metric: string, primary: boolean): Promise<ScoredProgram[]> {
  const valueSql = primary
    ? 'score'
    : `CASE WHEN jsonb_typeof(metrics -> $2::text) = 'number' THEN (metrics ->> $2::text)::float8 END`;
  const { rows } = await pool().query<{ seq: number; iteration: number | null; value: number | null; valid: boolean; id: string; external_id: string }>(
    `SELECT seq, iteration, ${valueSql} AS value, valid, id, external_id FROM programs WHERE run_id = $1 ORDER BY seq`,
    primary ? [runId] : [runId, metric],
  );
  return rows.map((r) => ({
    seq: r.seq,
    iteration: r.iteration ?? 0,
    value: r.value,
    valid: r.valid,
    programId: r.id,
    externalId: r.external_id,
  }));
}

/** Computes and stores best-so-far for every numeric metric of the run. */
export async function computeBestSoFarForRun(runId: string): Promise<number> {
  const run = await prisma().run.findUnique({
    where: { id: runId },
    select: { scoreMetric: true, metricKeys: true, higherIsBetter: true },
  });
  if (!run) return 0;
  const metrics = new Set(run.metricKeys);
  if (run.scoreMetric) metrics.add(run.scoreMetric);
  for (const metric of metrics) {
    const primary = metric === run.scoreMetric;
    const programs = await loadScoredPrograms(runId, metric, primary);
    // Only the primary score carries the run's direction; other metrics are shown as higher-is-better.
    await putAnalysis(runId, BEST_SO_FAR, bestSoFarParams(metric), bestSoFar(programs, metric, primary ? run.higherIsBetter : true));
  }
  return metrics.size;
}
