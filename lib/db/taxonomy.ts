// The taxonomy routes' answers, assembled from the stored judgements and the pure statistics
// (lib/analysis/taxonomy/stats.ts, agreement.ts): one run, several runs pooled, two judges compared.
import { agreement } from '../analysis/taxonomy/agreement';
import { pooledTaxonomyStats, taxonomyStats } from '../analysis/taxonomy/stats';
import { OFFLINE_JUDGE_KEY } from '../contracts/taxonomyTypes';
import type { JudgeAgreement, PooledTaxonomy, RunTaxonomy } from '../contracts/api/taxonomySchemas';
import { pool } from './client';
import { labelledEditsOf, labelMap, listJudges } from './judgements';
import { loadRunEditSet } from './runEditSet';

/** Null when the run does not exist. */
export async function runTaxonomy(runId: string, judge = OFFLINE_JUDGE_KEY): Promise<RunTaxonomy | null> {
  const set = await loadRunEditSet(runId);
  if (!set) return null;
  const [labelled, judges] = await Promise.all([labelledEditsOf(runId, judge, set), listJudges(runId, set.edits.length)]);
  const chosen = judges.find((j) => j.judge === judge);
  return {
    runId,
    judge,
    judges,
    higherIsBetter: set.higherIsBetter,
    editCount: set.edits.length,
    notJudged: labelled.notJudged,
    stats: labelled.edits.length ? taxonomyStats(labelled.edits, { scoreScale: labelled.scoreScale, higherIsBetter: labelled.higherIsBetter }) : null,
    usage: chosen?.usage ?? { promptTokens: 0, completionTokens: 0, costUsd: 0 },
  };
}

export class UnknownRunsError extends Error {}

/** Several runs pooled (each edit normalised by its own run's scale). Throws UnknownRunsError naming a missing run. */
export async function pooledTaxonomy(runIds: string[], judge = OFFLINE_JUDGE_KEY): Promise<PooledTaxonomy> {
  const { rows } = await pool().query<{ id: string; name: string }>('SELECT id, name FROM runs WHERE id = ANY($1::uuid[])', [runIds]);
  const names = new Map(rows.map((r) => [r.id, r.name]));
  const missing = runIds.filter((id) => !names.has(id));
  if (missing.length) throw new UnknownRunsError(`run ${missing[0]} not found${missing.length > 1 ? ` (nor ${missing.length - 1} more)` : ''}`);
  const runs: PooledTaxonomy['runs'] = [];
  const inputs = [];
  // One run at a time: only one run's edit set is in memory besides the labelled edits.
  for (const runId of runIds) {
    const set = await loadRunEditSet(runId);
    if (!set) throw new UnknownRunsError(`run ${runId} not found`);
    const l = await labelledEditsOf(runId, judge, set);
    runs.push({ runId, name: names.get(runId)!, edits: l.edits.length, notJudged: l.notJudged, scoreScale: l.scoreScale });
    inputs.push({ edits: l.edits, scoreScale: l.scoreScale, higherIsBetter: l.higherIsBetter });
  }
  return { judge, runs, stats: pooledTaxonomyStats(inputs) };
}

/** The agreement of two judges on the edits both judged (a is the reference). Null: no such run. */
export async function judgeAgreement(runId: string, a: string, b: string): Promise<JudgeAgreement | null> {
  const exists = await pool().query('SELECT 1 FROM runs WHERE id = $1', [runId]);
  if (!exists.rowCount) return null;
  const [la, lb] = await Promise.all([labelMap(runId, a), labelMap(runId, b)]);
  return { a, b, report: agreement(la, lb) };
}
