// Public vs private re-scoring, read side: assembles a run's public best-so-far chain with the
// latest public and private re-runs of each of its programs (evaluations of kind 'rerun', written
// by the re-evaluation batches), the evaluator's private test set, the latest batch and the
// severe-overfit threshold, and hands them to lib/analysis/generalization.ts.
import { bestSoFar, type BestSoFarPoint } from '../analysis/bestSoFar';
import {
  DEFAULT_THRESHOLD_SETTING,
  generalization,
  resolveThreshold,
  type ChainStepInput,
  type GeneralizationResult,
  type ResolvedThreshold,
  type RerunScore,
  type ThresholdSetting,
} from '../analysis/generalization';
import type { RunVerdict } from '../analysis/generalizationTables';
import { loadScoredPrograms } from './analyses';
import { pool } from './client';
import { getSetting, setSetting } from './settings';
import { runThresholdKey } from './runSettings';

export const THRESHOLD_SETTING = 'generalization.threshold';

export interface EvaluatorState {
  id: string;
  version: number;
  /** Number of files in the evaluator's private test set (0: none). */
  privateFiles: number;
}

export interface BatchState {
  id: string;
  status: string;
  total: number;
  done: number;
  failed: number;
  error: string | null;
  testSets: string[];
  createdAt: string;
}

export interface RunGeneralization {
  run: { id: string; name: string; framework: string; task: string | null; scoreMetric: string | null; higherIsBetter: boolean };
  result: GeneralizationResult;
  threshold: ResolvedThreshold;
  evaluator: EvaluatorState | null;
  /** The latest re-scoring batch of this run that includes the private test set. */
  batch: BatchState | null;
}

export async function getThresholdSetting(): Promise<ThresholdSetting> {
  return { ...DEFAULT_THRESHOLD_SETTING, ...((await getSetting<Partial<ThresholdSetting>>(THRESHOLD_SETTING)) ?? {}) };
}

export async function setThresholdSetting(s: ThresholdSetting) {
  await setSetting(THRESHOLD_SETTING, s);
}

export async function getRunThreshold(runId: string): Promise<number | null> {
  return getSetting<number>(runThresholdKey(runId));
}

/** The run's own threshold, or null to remove it (the global setting applies again). */
export async function setRunThreshold(runId: string, value: number | null) {
  if (value === null) await pool().query('DELETE FROM settings WHERE key = $1', [runThresholdKey(runId)]);
  else await setSetting(runThresholdKey(runId), value);
}

interface RunRow {
  id: string;
  name: string;
  framework: string;
  task: string | null;
  score_metric: string | null;
  higher_is_better: boolean;
}

/**
 * The public best-so-far chain, computed from the recorded scores exactly as the re-run batches
 * compute the chain they re-score (lib/db/evaluationBatches.ts bestChainProgramIds), not read
 * from the stored analysis, which lags behind a live run until the worker recomputes it.
 * Computing it reads every program's score (~1 s at 100k programs on a busy machine), and the
 * page polls while a batch runs, so each process keeps the last chains, keyed by a fingerprint
 * of the programs' scores (count, valid count, sum of valid scores: one aggregate, no rows sent),
 * which also catches scores rewritten in place (the demo's are computed after its import).
 */
const chainCache = new Map<string, { key: string; points: BestSoFarPoint[] }>();
const CHAIN_CACHE_RUNS = 32;

async function chainOf(run: RunRow): Promise<BestSoFarPoint[]> {
  const { rows } = await pool().query<{ n: number; v: number; s: number | null }>(
    `SELECT count(*)::int AS n, count(*) FILTER (WHERE valid)::int AS v, sum(score) FILTER (WHERE valid) AS s FROM programs WHERE run_id = $1`,
    [run.id],
  );
  const key = `${rows[0].n}:${rows[0].v}:${rows[0].s}:${run.higher_is_better}:${run.score_metric}`;
  const hit = chainCache.get(run.id);
  if (hit?.key === key) return hit.points;
  const metric = run.score_metric ?? 'score';
  const points = bestSoFar(await loadScoredPrograms(run.id, metric, true), metric, run.higher_is_better).points;
  chainCache.delete(run.id);
  chainCache.set(run.id, { key, points });
  if (chainCache.size > CHAIN_CACHE_RUNS) chainCache.delete(chainCache.keys().next().value!);
  return points;
}

/** The latest re-run per (program, test set) among the given programs. */
async function latestReruns(runId: string, programIds: string[]): Promise<Map<string, RerunScore>> {
  const { rows } = await pool().query<{ program_id: string; test_set: string; score: number | null; status: string; sandbox_status: string | null }>(
    `SELECT DISTINCT ON (program_id, test_set) program_id, test_set, score, status, sandbox_status
       FROM evaluations
      WHERE run_id = $1 AND kind = 'rerun' AND test_set IN ('public', 'private') AND program_id = ANY($2::uuid[])
      ORDER BY program_id, test_set, created_at DESC, id DESC`,
    [runId, programIds],
  );
  const out = new Map<string, RerunScore>();
  for (const r of rows) {
    const score = r.score !== null && Number.isFinite(r.score) ? r.score : null;
    const sandbox = r.sandbox_status && r.sandbox_status !== 'ok' && r.sandbox_status !== r.status ? `, ${r.sandbox_status}` : '';
    out.set(`${r.program_id}:${r.test_set}`, { score, status: `${r.status}${sandbox}` });
  }
  return out;
}

async function latestEvaluator(runId: string): Promise<EvaluatorState | null> {
  const { rows } = await pool().query<{ id: string; version: number; private_files: Record<string, string> | null }>(
    'SELECT id, version, private_files FROM evaluators WHERE run_id = $1 ORDER BY version DESC LIMIT 1',
    [runId],
  );
  if (!rows[0]) return null;
  const pf = rows[0].private_files;
  return { id: rows[0].id, version: rows[0].version, privateFiles: pf && typeof pf === 'object' ? Object.keys(pf).length : 0 };
}

async function latestPrivateBatch(runId: string): Promise<BatchState | null> {
  const { rows } = await pool().query(
    `SELECT id, status, total, done, failed, error, test_sets, created_at FROM evaluation_batches
      WHERE run_id = $1 AND 'private' = ANY(test_sets) ORDER BY created_at DESC LIMIT 1`,
    [runId],
  );
  const b = rows[0];
  return b
    ? { id: b.id, status: b.status, total: b.total, done: b.done, failed: b.failed, error: b.error, testSets: b.test_sets, createdAt: b.created_at.toISOString() }
    : null;
}

async function assemble(run: RunRow, setting: ThresholdSetting, runOverride: number | null) {
  const chain = await chainOf(run);
  const reruns = await latestReruns(
    run.id,
    chain.map((p) => p.programId),
  );
  const input: ChainStepInput[] = chain.map((p) => ({
    programId: p.programId,
    externalId: p.externalId,
    iteration: p.iteration,
    recordedScore: p.score,
    publicRerun: reruns.get(`${p.programId}:public`) ?? null,
    privateRerun: reruns.get(`${p.programId}:private`) ?? null,
  }));
  const firstPrivate = input[0]?.privateRerun?.score ?? null;
  const threshold = resolveThreshold(runOverride, setting, firstPrivate);
  return { threshold, result: generalization(input, run.higher_is_better, threshold.value) };
}

const RUN_COLUMNS = 'id, name, framework, task, score_metric, higher_is_better';

const runOf = (r: RunRow): RunGeneralization['run'] => ({
  id: r.id,
  name: r.name,
  framework: r.framework,
  task: r.task,
  scoreMetric: r.score_metric,
  higherIsBetter: r.higher_is_better,
});

export async function getRunGeneralization(runId: string): Promise<RunGeneralization | null> {
  const { rows } = await pool().query<RunRow>(`SELECT ${RUN_COLUMNS} FROM runs WHERE id = $1`, [runId]);
  if (!rows[0]) return null;
  const [setting, override, evaluator, batch] = await Promise.all([getThresholdSetting(), getRunThreshold(runId), latestEvaluator(runId), latestPrivateBatch(runId)]);
  const { threshold, result } = await assemble(rows[0], setting, override);
  return { run: runOf(rows[0]), result, threshold, evaluator, batch };
}

/** Every run with at least one private re-run, with its verdict (Tables 11-12). */
export async function listRunVerdicts(): Promise<RunVerdict[]> {
  const { rows } = await pool().query<RunRow>(
    `SELECT ${RUN_COLUMNS} FROM runs r
      WHERE EXISTS (SELECT 1 FROM evaluations e WHERE e.run_id = r.id AND e.kind = 'rerun' AND e.test_set = 'private')
      ORDER BY r.framework, r.task NULLS FIRST, r.name, r.id`,
  );
  const setting = await getThresholdSetting();
  const overrides = await pool().query<{ key: string; value: unknown }>(`SELECT key, value FROM settings WHERE key LIKE 'generalization.threshold.run:%'`);
  const byRun = new Map(overrides.rows.map((o) => [o.key.slice(o.key.indexOf(':') + 1), typeof o.value === 'number' ? o.value : null]));
  const out: RunVerdict[] = [];
  for (const run of rows) {
    const { threshold, result } = await assemble(run, setting, byRun.get(run.id) ?? null);
    out.push({
      runId: run.id,
      name: run.name,
      framework: run.framework,
      task: run.task,
      higherIsBetter: run.higher_is_better,
      verdict: result.verdict,
      publicChange: result.publicChange,
      privateChange: result.privateChange,
      threshold: threshold.value,
      chainLength: result.steps.length,
      overfitSteps: result.overfitSteps,
    });
  }
  return out;
}
