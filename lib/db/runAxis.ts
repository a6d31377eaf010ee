// The time axis of a run's issue-13 views (plateaus, diagnoses' trigger generations, the diagnosis
// job's windows and histories), one rule for all, lib/analysis/plateaus.ts plateauAxis: the
// source's generation when every program has one and it never decreases in the run's order
// (ShinkaEvolve, EoH, LLaMEA: generation N is the Nth step), else the iteration (OpenEvolve's
// generation is depth in the lineage tree, not time), else the position.
import type pg from 'pg';
import type { PlateauAxis } from '../analysis/plateaus';
import { pool } from './client';

type Db = pg.Pool | pg.PoolClient;

export async function runAxis(runId: string, db: Db = pool()): Promise<PlateauAxis> {
  const { rows } = await db.query<{ n: number; ok: boolean | null }>(
    `SELECT count(*)::int AS n, bool_and(generation IS NOT NULL AND (prev IS NULL OR generation >= prev)) AS ok
     FROM (SELECT generation, lag(generation) OVER (ORDER BY seq) AS prev FROM programs WHERE run_id = $1) x`,
    [runId],
  );
  return rows[0] && rows[0].n > 0 && rows[0].ok ? 'generation' : 'iteration';
}

/** The SQL expression of a program's place on that axis, for programs aliased `p`. */
export const axisExpr = (axis: PlateauAxis) => (axis === 'generation' ? 'p.generation' : 'coalesce(p.iteration, p.seq)');

/** The run's axis expression in one call. */
export async function runAxisExpr(runId: string, db: Db = pool()): Promise<string> {
  return axisExpr(await runAxis(runId, db));
}
