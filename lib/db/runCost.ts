// A run's total LLM cost and tokens, kept on the run row (runs.cost_total, input_tokens,
// output_tokens, cost_basis, tokens_basis) so the runs list reads them like its other columns.
// Definition, one per figure group:
//   'counters': the search's own cumulative counters (search_counters), value of the last sample
//               (by seq = order by moment) that has it: "as the search counted";
//   'contexts': the sum over the stored prompts (contexts.cost, prompt_tokens,
//               completion_tokens): "summed over stored prompts"; a prompt without a figure adds
//               nothing, and a run without any has null, never 0.
// Cost and tokens choose their basis independently (a search may count tokens but not cost).
// Refreshed at import, after each live batch and by the run-summary task; the migration
// 20261125030000_run_cost backfills older runs with the same statement.
import type pg from 'pg';
import { pool } from './client';

export type CostBasis = 'counters' | 'contexts';

const lastCounter = (key: string) =>
  `(SELECT (c."values" ->> '${key}')::float8 FROM search_counters c
    WHERE c.run_id = r.id AND jsonb_typeof(c."values" -> '${key}') = 'number' ORDER BY c.seq DESC LIMIT 1)`;

/** The UPDATE for the runs matched by `where` (an expression on r). */
export const runCostUpdate = (where: string) => `
  UPDATE runs SET cost_total = f.cost, cost_basis = f.cost_basis, input_tokens = f.input, output_tokens = f.output, tokens_basis = f.tokens_basis
  FROM (
    SELECT r.id,
      coalesce(k.cost, x.cost) AS cost,
      CASE WHEN k.cost IS NOT NULL THEN 'counters' WHEN x.cost IS NOT NULL THEN 'contexts' END AS cost_basis,
      CASE WHEN k.input IS NOT NULL OR k.output IS NOT NULL THEN k.input ELSE x.input END AS input,
      CASE WHEN k.input IS NOT NULL OR k.output IS NOT NULL THEN k.output ELSE x.output END AS output,
      CASE WHEN k.input IS NOT NULL OR k.output IS NOT NULL THEN 'counters'
           WHEN x.input IS NOT NULL OR x.output IS NOT NULL THEN 'contexts' END AS tokens_basis
    FROM runs r
    CROSS JOIN LATERAL (SELECT ${lastCounter('cumulative_cost')} AS cost, ${lastCounter('cumulative_input_tokens')} AS input,
                               ${lastCounter('cumulative_output_tokens')} AS output) k
    CROSS JOIN LATERAL (SELECT sum(cost)::float8 AS cost, sum(prompt_tokens)::float8 AS input, sum(completion_tokens)::float8 AS output
                        FROM contexts WHERE run_id = r.id) x
    WHERE ${where}
  ) f WHERE runs.id = f.id`;

/** Recomputes one run's figures (inside the caller's transaction when given its client). */
export async function refreshRunCost(runId: string, client?: pg.PoolClient): Promise<void> {
  await (client ?? pool()).query(runCostUpdate('r.id = $1'), [runId]);
}
