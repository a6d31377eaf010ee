// The tuning sweep (issue 11, item 2): one 'tune' experiment per chosen intermediate program of a
// run, sharing a group id, each queued for the worker; read back beside the run's best-so-far
// curve (the page's chart "ceiling vs the run's own best-so-far").
import crypto from 'node:crypto';
import { MAX_SWEEP_PROGRAMS, type StartTuningSweepInput, type TuningSweepItem, type TuningSweepView } from '../../contracts/api/tuningSweep';
import type { ExperimentStatus, ExperimentView } from '../../contracts/interventionTypes';
import { enqueueExperiment } from '../../db/jobQueue';
import { pool } from '../../db/client';
import { runBestSoFar } from '../../db/evaluationBatches';
import { createExperiment, ExperimentInputError, requireEvaluator } from '../../db/experiments';

/** Every k-th item, the first always included (events 1, k+1, 2k+1, ...). */
export function everyKth<T>(xs: readonly T[], k: number): T[] {
  return xs.filter((_, i) => i % k === 0);
}

/**
 * Starts a sweep; null when the run does not exist. Throws ExperimentInputError: 409 without an
 * evaluator or a best-so-far chain, 404 for a program not in the run, 400 past MAX_SWEEP_PROGRAMS.
 * Nothing is created unless every tuning can be.
 */
export async function createTuningSweep(
  runId: string,
  input: StartTuningSweepInput,
  createdBy: string | null,
): Promise<{ groupId: string; experiments: ExperimentView[] } | null> {
  const curve = await runBestSoFar(runId);
  if (!curve) return null;
  await requireEvaluator(runId);
  let programIds: string[];
  if (input.programIds) {
    programIds = [...new Set(input.programIds)];
    const { rows } = await pool().query<{ id: string }>('SELECT id FROM programs WHERE run_id = $1 AND id = ANY($2::uuid[])', [runId, programIds]);
    const inRun = new Set(rows.map((r) => r.id));
    const missing = programIds.filter((id) => !inRun.has(id));
    if (missing.length) throw new ExperimentInputError(404, `program ${missing[0]} is not in this run${missing.length > 1 ? ` (nor ${missing.length - 1} more)` : ''}`);
  } else {
    if (!curve.points.length) throw new ExperimentInputError(409, 'this run has no valid scored program: its best-so-far chain is empty');
    programIds = everyKth(curve.points, input.every).map((p) => p.programId);
  }
  if (programIds.length > MAX_SWEEP_PROGRAMS) {
    throw new ExperimentInputError(400, `every ${input.every} gives ${programIds.length} programs; a sweep tunes at most ${MAX_SWEEP_PROGRAMS}: take a larger step`);
  }
  const groupId = crypto.randomUUID();
  const experiments: ExperimentView[] = [];
  for (const programId of programIds) {
    experiments.push(await createExperiment({ runId, programId, groupId, params: { kind: 'tune', ...input.params }, createdBy }));
  }
  for (const x of experiments) await enqueueExperiment(x.id);
  return { groupId, experiments };
}

type Row = {
  id: string; program_id: string; external_id: string; iteration: number | null; score: number | null; status: ExperimentStatus;
  done: number; total: number; error: string | null; ceiling: number | null; gap: number | null;
};

/** A sweep (the run's latest when no group is given) beside the run's best-so-far; null: no such run or group. */
export async function getTuningSweep(runId: string, groupId?: string): Promise<TuningSweepView | null> {
  const curve = await runBestSoFar(runId);
  if (!curve) return null;
  let group = groupId ?? null;
  if (!group) {
    const { rows } = await pool().query<{ group_id: string }>(
      `SELECT group_id FROM experiments WHERE run_id = $1 AND kind = 'tune' AND group_id IS NOT NULL ORDER BY created_at DESC LIMIT 1`,
      [runId],
    );
    group = rows[0]?.group_id ?? null;
  }
  const { rows } = group
    ? await pool().query<Row>(
        `SELECT x.id, x.program_id, p.external_id, p.iteration, p.score, x.status, x.done, x.total, x.error,
                (x.result ->> 'ceiling')::float8 AS ceiling, (x.result ->> 'gap')::float8 AS gap
         FROM experiments x JOIN programs p ON p.id = x.program_id
         WHERE x.run_id = $1 AND x.kind = 'tune' AND x.group_id = $2 ORDER BY p.seq, x.created_at`,
        [runId, group],
      )
    : { rows: [] };
  if (groupId && !rows.length) return null;
  const items: TuningSweepItem[] = rows.map((r) => ({
    experimentId: r.id, programId: r.program_id, externalId: r.external_id, iteration: r.iteration, originalScore: r.score,
    ceiling: r.ceiling, gap: r.gap, status: r.status, done: r.done, total: r.total, error: r.error,
  }));
  return {
    groupId: group,
    higherIsBetter: curve.higherIsBetter,
    runFinalBest: curve.finalBest?.score ?? null,
    items,
    curve: curve.points.map((p) => ({ iteration: p.iteration, score: p.score, programId: p.programId, externalId: p.externalId })),
  };
}
