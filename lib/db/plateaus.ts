// A run's plateaus (lib/analysis/plateaus.ts) from one query of the few columns they need: no
// sources, no metrics beyond the one asked for. Per-program budget is the run's stored prompts
// (contexts.cost, prompt_tokens + completion_tokens), the 'contexts' basis of lib/db/runCost.ts;
// a program without a figure adds nothing and a run without any gets null. A run whose cost is
// only in the search's counters (cumulative_cost, the 'counters' basis) gets each program's step
// of that curve (costsFromCurve); tokens then stay from the prompts.
import { costsFromCurve } from '../analysis/costCurve';
import { findPlateaus, type PlateauAnalysis, type PlateauProgram } from '../analysis/plateaus';
import type { CostBasis } from './runCost';
import { pool } from './client';
import { getCountersCostCurve } from './costCurve';

interface Columns {
  seq: number[];
  generation: (number | null)[];
  iteration: (number | null)[];
  score: (number | null)[];
  valid: boolean[];
  cost: (number | null)[];
  tokens: (number | null)[];
}

/** Plateaus of `metric` (the stored score when `primary`), programs in canonical order (seq). */
export async function getRunPlateaus(
  runId: string,
  metric: string,
  primary: boolean,
  k: number,
  higherIsBetter: boolean,
): Promise<PlateauAnalysis & { costBasis: CostBasis | null }> {
  const value = primary
    ? 'p.score'
    : `CASE WHEN jsonb_typeof(p.metrics -> $2::text) = 'number' THEN (p.metrics ->> $2::text)::float8 END`;
  // Columnar JSON written by PostgreSQL (as getRunPointsJson): one row, six arrays.
  const { rows } = await pool().query<{ json: string }>(
    `WITH c AS (
       SELECT program_id, sum(cost)::float8 AS cost,
              CASE WHEN count(prompt_tokens) + count(completion_tokens) > 0
                   THEN sum(coalesce(prompt_tokens, 0) + coalesce(completion_tokens, 0))::float8 END AS tokens
       FROM contexts WHERE run_id = $1 GROUP BY program_id),
     p AS (
       SELECT p.seq, p.generation, p.iteration, p.valid, ${value} AS score, c.cost, c.tokens
       FROM programs p LEFT JOIN c ON c.program_id = p.id WHERE p.run_id = $1)
     SELECT json_build_object(
       'seq', coalesce(json_agg(seq ORDER BY seq), '[]'::json),
       'generation', coalesce(json_agg(generation ORDER BY seq), '[]'::json),
       'iteration', coalesce(json_agg(iteration ORDER BY seq), '[]'::json),
       'score', coalesce(json_agg(score ORDER BY seq), '[]'::json),
       'valid', coalesce(json_agg(valid ORDER BY seq), '[]'::json),
       'cost', coalesce(json_agg(cost ORDER BY seq), '[]'::json),
       'tokens', coalesce(json_agg(tokens ORDER BY seq), '[]'::json))::text AS json
     FROM p`,
    primary ? [runId] : [runId, metric],
  );
  const c = JSON.parse(rows[0].json) as Columns;
  const programs: PlateauProgram[] = c.valid.map((valid, i) => ({
    generation: c.generation[i],
    iteration: c.iteration[i],
    score: c.score[i],
    valid,
    cost: c.cost[i],
    tokens: c.tokens[i],
  }));
  const byPrompts = findPlateaus(programs, k, higherIsBetter);
  if (byPrompts.totals.cost !== null) return { ...byPrompts, costBasis: 'contexts' };
  const curve = await getCountersCostCurve(runId);
  if (!curve.cost.length) return { ...byPrompts, costBasis: null };
  const costs = costsFromCurve(curve, c.seq.map((seq, i) => ({ seq, iteration: c.iteration[i] ?? 0 })));
  const byCounters = findPlateaus(programs.map((p, i) => ({ ...p, cost: costs[i] })), k, higherIsBetter);
  return { ...byCounters, costBasis: 'counters' };
}
