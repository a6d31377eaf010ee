-- AlterTable: a run's total LLM cost and tokens (lib/db/runCost.ts says how they are counted)
ALTER TABLE "runs" ADD COLUMN "cost_total" DOUBLE PRECISION,
ADD COLUMN "cost_basis" TEXT,
ADD COLUMN "input_tokens" DOUBLE PRECISION,
ADD COLUMN "output_tokens" DOUBLE PRECISION,
ADD COLUMN "tokens_basis" TEXT;

-- Backfill the runs stored before (the statement lib/db/runCost.ts runs per run)
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
    CROSS JOIN LATERAL (SELECT (SELECT (c."values" ->> 'cumulative_cost')::float8 FROM search_counters c
    WHERE c.run_id = r.id AND jsonb_typeof(c."values" -> 'cumulative_cost') = 'number' ORDER BY c.seq DESC LIMIT 1) AS cost, (SELECT (c."values" ->> 'cumulative_input_tokens')::float8 FROM search_counters c
    WHERE c.run_id = r.id AND jsonb_typeof(c."values" -> 'cumulative_input_tokens') = 'number' ORDER BY c.seq DESC LIMIT 1) AS input,
                               (SELECT (c."values" ->> 'cumulative_output_tokens')::float8 FROM search_counters c
    WHERE c.run_id = r.id AND jsonb_typeof(c."values" -> 'cumulative_output_tokens') = 'number' ORDER BY c.seq DESC LIMIT 1) AS output) k
    CROSS JOIN LATERAL (SELECT sum(cost)::float8 AS cost, sum(prompt_tokens)::float8 AS input, sum(completion_tokens)::float8 AS output
                        FROM contexts WHERE run_id = r.id) x
    WHERE true
  ) f WHERE runs.id = f.id
;
