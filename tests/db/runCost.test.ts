// A run's total LLM cost and tokens (lib/db/runCost.ts) on the run row, the runs list and the
// run API: the FunSearch demo run (counters: "as the search counted"), the same run without its
// counters (summed over its stored prompts), and a real LLaMEA/BLADE run (conversation costs).
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { generateFunSearchDemo } from '../../lib/services/demo/funsearch/config';
import { pool } from '../../lib/db/client';
import { appendLiveSearchState, appendPrograms, createLiveRun } from '../../lib/db/appendPrograms';
import { storeImportedRun } from '../../lib/db/importRun';
import { listRuns } from '../../lib/db/runList';
import { runCostUpdate } from '../../lib/db/runCost';
import { getRun } from '../../lib/db/runs';
import { getCostCurve } from '../../lib/db/costCurve';
import { costAt } from '../../lib/analysis/costCurve';
import { readLlameaRuns } from '../../lib/importers/llamea';
import { searchStateSchema } from '../../lib/trace/searchState';
import { useTestDatabase } from '../helpers/dbTest';

const { runIds } = useTestDatabase();
const RUNS = process.env.EVOSCOPE_REAL_RUNS ?? path.resolve('../shared/real-runs');

async function row(runId: string) {
  const { rows } = await pool().query(
    'SELECT cost_total, cost_basis, input_tokens, output_tokens, tokens_basis FROM runs WHERE id = $1',
    [runId],
  );
  return rows[0];
}

describe('per-run cost and tokens', () => {
  it('the FunSearch demo run: its last counter sample; without counters, the sum over its prompts', async () => {
    const imported = await generateFunSearchDemo();
    const state = searchStateSchema.parse(imported.searchState);
    // Independent of the SQL: the counter sample latest in moment order (iteration, then time).
    const last = [...state.counters].sort((a, b) => (a.at.iteration ?? 0) - (b.at.iteration ?? 0) || (a.at.timestamp ?? 0) - (b.at.timestamp ?? 0)).at(-1)!.values;
    const prompts = imported.programs.flatMap((p) => p.contexts ?? []);
    const sum = (f: (c: (typeof prompts)[number]) => number | null | undefined) => prompts.reduce((s, c) => s + (f(c) ?? 0), 0);
    expect(prompts.length).toBeGreaterThan(150);
    expect(last.cumulative_cost).toBeGreaterThan(0);

    const { runId } = await storeImportedRun(imported);
    runIds.push(runId);
    const r = await row(runId);
    expect(r.cost_basis).toBe('counters');
    expect(r.cost_total).toBe(last.cumulative_cost);
    expect(r.tokens_basis).toBe('counters');
    expect([r.input_tokens, r.output_tokens]).toEqual([last.cumulative_input_tokens, last.cumulative_output_tokens]);
    // The search counted exactly what its prompts cost (every prompt is stored).
    expect(r.cost_total).toBeCloseTo(sum((c) => c.cost), 12);
    expect(r.input_tokens).toBe(sum((c) => c.promptTokens));

    const bare = await storeImportedRun({ ...imported, searchState: undefined });
    runIds.push(bare.runId);
    const b = await row(bare.runId);
    expect(b).toEqual({
      cost_basis: 'contexts', cost_total: expect.closeTo(sum((c) => c.cost), 12), tokens_basis: 'contexts',
      input_tokens: sum((c) => c.promptTokens), output_tokens: sum((c) => c.completionTokens),
    });

    // The run API and the runs list read the same figures.
    const detail = (await getRun(runId))!;
    expect(detail).toMatchObject({ costTotal: r.cost_total, costBasis: 'counters', totalTokens: r.input_tokens + r.output_tokens });
    const listed = (await listRuns({ limit: 100 })).runs.find((x) => x.id === bare.runId)!;
    expect(listed).toMatchObject({ costBasis: 'contexts', inputTokens: b.input_tokens, outputTokens: b.output_tokens, tokensBasis: 'contexts' });
    expect(listed.costTotal).toBeCloseTo(sum((c) => c.cost), 12);

    // The compare page's cost axis: the counters by iteration; without them, the prompts by seq.
    const byCounters = (await getCostCurve(runId))!;
    expect(byCounters.basis).toBe('counters');
    expect(byCounters.cost.at(-1)).toBe(r.cost_total);
    const byPrompts = (await getCostCurve(bare.runId))!;
    expect(byPrompts.basis).toBe('contexts');
    expect(byPrompts.cost.at(-1)).toBeCloseTo(sum((c) => c.cost), 12);
    // The first generated program's prompt: its own cost on both curves (nothing was spent before it).
    const first = await pool().query<{ seq: number; iteration: number; cost: number }>(
      `SELECT p.seq, p.iteration, c.cost FROM programs p JOIN contexts c ON c.program_id = p.id WHERE p.run_id = $1 ORDER BY p.seq LIMIT 1`,
      [bare.runId],
    );
    expect(costAt(byPrompts, first.rows[0])).toBeCloseTo(first.rows[0].cost, 12);
    expect(await getCostCurve('00000000-0000-4000-8000-000000000000')).toBeNull();
  }, 600_000);

  it('a LLaMEA/BLADE run: conversation cost and answer tokens; prompts count no tokens', async () => {
    // run-EoH-MA_BBOB-0 from a python3 pass over its conversationlog.jsonl (lib/importers/llamea.test.ts):
    // cost 0.0221373 over all 100 entries, 36936 tokens over the 50 answers, prompts 0 tokens.
    const runs = await readLlameaRuns(path.join(RUNS, 'llamea-blade__RigelKukoy__WORKING-GA-LLAMEA__comparison-prompts/results/COMPARISON-PROMPTS_20260208_032906'));
    const eoh = runs.find((x) => x.run.name === 'run-EoH-MA_BBOB-0')!;
    const { runId } = await storeImportedRun(eoh);
    runIds.push(runId);
    const r = await row(runId);
    expect(r.cost_basis).toBe('counters');
    expect(r.cost_total).toBeCloseTo(0.0221373, 9);
    expect(r).toMatchObject({ tokens_basis: 'counters', input_tokens: null, output_tokens: 36936 });
    expect((await getRun(runId))!.totalTokens).toBe(36936);
  }, 120_000);

  it('a live run: summed over its prompts as batches arrive, then as its counters say once it streams them', async () => {
    const runId = await createLiveRun({ name: 'live cost', framework: 'custom', scoreMetric: 'score' });
    runIds.push(runId);
    const prog = (i: number, cost: number, tokens: number) => ({
      externalId: `p${i}`, code: `x = ${i}\n`, iteration: i, valid: true, score: i, metrics: { score: i },
      contexts: [{ kind: 'prompt', user: `u${i}`, response: `x = ${i}`, cost, promptTokens: tokens, completionTokens: 10 }],
    });
    await appendPrograms(runId, [prog(0, 0.25, 100)]);
    expect(await row(runId)).toEqual({ cost_total: 0.25, cost_basis: 'contexts', input_tokens: 100, output_tokens: 10, tokens_basis: 'contexts' });
    await appendPrograms(runId, [prog(1, 0.5, 200), prog(2, 0.125, 50)]);
    expect(await row(runId)).toMatchObject({ cost_total: 0.875, input_tokens: 350, output_tokens: 30 });
    // The search's own counter (it counts calls the prompts stored here do not show) wins.
    await appendLiveSearchState(runId, { counters: [{ at: { iteration: 2 }, values: { cumulative_cost: 1.5 } }] });
    expect(await row(runId)).toEqual({ cost_total: 1.5, cost_basis: 'counters', input_tokens: 350, output_tokens: 30, tokens_basis: 'contexts' });
  });

  it('the migration backfills older runs with the same statement as the refresh', async () => {
    const squash = (s: string) => s.replace(/\s+/g, ' ').trim();
    const sql = fs.readFileSync(path.resolve('prisma/migrations/20261125030000_run_cost/migration.sql'), 'utf8');
    expect(squash(sql)).toContain(squash(runCostUpdate('true')));
    // Applied to a run whose figures were never filled (as before the migration): filled.
    const { runId } = await storeImportedRun((await readLlameaRuns(path.join(RUNS, 'llamea-blade__RigelKukoy__WORKING-GA-LLAMEA__comparison-prompts/results/COMPARISON-PROMPTS_20260208_032906')))[0]);
    runIds.push(runId);
    const filled = await row(runId);
    await pool().query('UPDATE runs SET cost_total = NULL, cost_basis = NULL, input_tokens = NULL, output_tokens = NULL, tokens_basis = NULL WHERE id = $1', [runId]);
    await pool().query(runCostUpdate('r.id = $1'), [runId]);
    expect(await row(runId)).toEqual(filled);
    expect(filled.cost_basis).toBe('counters');
  }, 120_000);

  it('a run without any cost or token has none (null, not 0)', async () => {
    const imported = await generateFunSearchDemo();
    const { runId } = await storeImportedRun({
      ...imported,
      searchState: undefined,
      programs: imported.programs.map((p) => ({ ...p, contexts: (p.contexts ?? []).map((c) => ({ ...c, cost: null, promptTokens: null, completionTokens: null })) })),
    });
    runIds.push(runId);
    expect(await row(runId)).toEqual({ cost_total: null, cost_basis: null, input_tokens: null, output_tokens: null, tokens_basis: null });
  }, 600_000);
});
