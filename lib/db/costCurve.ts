// A run's cumulative LLM cost curve (lib/analysis/costCurve.ts): from the search's counters when
// they carry cumulative_cost at iterations, else from the stored prompts in program order.
import { contextsCurve, countersCurve, type CostCurve } from '../analysis/costCurve';
import { pool } from './client';

/** null: no such run; a curve with no points: the run records no cost. */
export async function getCostCurve(runId: string): Promise<CostCurve | null> {
  const exists = await pool().query('SELECT 1 FROM runs WHERE id = $1', [runId]);
  if (!exists.rowCount) return null;
  const counters = await getCountersCostCurve(runId);
  if (counters.cost.length) return counters;
  const p = await pool().query<{ seq: number; cost: number | null }>(
    `SELECT p.seq, c.cost FROM programs p
     JOIN (SELECT program_id, sum(cost)::float8 AS cost FROM contexts WHERE run_id = $1 AND cost IS NOT NULL GROUP BY program_id) c ON c.program_id = p.id
     WHERE p.run_id = $1 ORDER BY p.seq`,
    [runId],
  );
  return contextsCurve(p.rows);
}

/** The search's cumulative_cost samples by iteration (empty: the search counted no cost). */
export async function getCountersCostCurve(runId: string): Promise<CostCurve> {
  const k = await pool().query<{ iteration: number | null; cost: number | null }>(
    `SELECT iteration, ("values" ->> 'cumulative_cost')::float8 AS cost FROM search_counters
     WHERE run_id = $1 AND iteration IS NOT NULL AND jsonb_typeof("values" -> 'cumulative_cost') = 'number' ORDER BY seq`,
    [runId],
  );
  return countersCurve(k.rows);
}
