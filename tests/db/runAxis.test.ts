// One time axis for plateaus and diagnoses (lib/db/runAxis.ts): a run whose generation is lineage
// depth (OpenEvolve) is measured on iterations, so the diagnosis job's window "after the previous
// trigger, up to G" means iterations there, as the plateaus and the imported triggers do; a run
// whose generation orders time (Shinka) is measured on generations.
import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { pool } from '../../lib/db/client';
import { diagnosisTarget, scoreHistory } from '../../lib/db/diagnosisData';
import { storeImportedRun } from '../../lib/db/importRun';
import { runAxis } from '../../lib/db/runAxis';
import type { ImportedRun, ProgramRecord } from '../../lib/trace/schema';
import { useTestDatabase } from '../helpers/dbTest';

const { runIds } = useTestDatabase();
const tag = crypto.randomUUID().slice(0, 8);

function run(name: string, programs: { iteration: number; generation: number; score: number }[]): ImportedRun {
  return {
    run: { name: `${name}-${tag}`, framework: 'custom', scoreMetric: 'score', higherIsBetter: true },
    warnings: [],
    stats: {},
    programs: programs.map((p, i): ProgramRecord => ({
      externalId: `p${i}`, code: `def f():\n  return ${i}\n`, iteration: p.iteration, generation: p.generation, valid: true, score: p.score,
      metrics: { score: p.score },
    })),
  };
}

async function store(r: ImportedRun): Promise<string> {
  const { runId } = await storeImportedRun(r);
  runIds.push(runId);
  return runId;
}

describe('the run axis of plateaus and diagnoses', () => {
  it('lineage depth as generation: iterations; time-ordered generation: generations', async () => {
    // Depth goes back down (0, 1, 2, 1, 1): not time. The best (0.9) is at iteration 1, depth 1;
    // the best up to iteration 2 is iteration 1's whatever depth says.
    const depth = await store(run('depth', [
      { iteration: 0, generation: 0, score: 0.1 },
      { iteration: 1, generation: 1, score: 0.9 },
      { iteration: 2, generation: 2, score: 0.2 },
      { iteration: 3, generation: 1, score: 0.95 },
      { iteration: 4, generation: 1, score: 0.3 },
    ]));
    expect(await runAxis(depth)).toBe('iteration');
    const target = await diagnosisTarget(depth, 2);
    const { rows } = await pool().query<{ external_id: string }>('SELECT external_id FROM programs WHERE id = $1', [target!.programId]);
    // On depth, "up to 2" would take iteration 3 (depth 1, score 0.95) too.
    expect(rows[0].external_id).toBe('p1');
    expect((await scoreHistory(depth, 4, true)).map((h) => h.generation)).toEqual([0, 1, 2, 3, 4]);

    const gens = await store(run('gens', [
      { iteration: 0, generation: 0, score: 0.1 },
      { iteration: 1, generation: 0, score: 0.2 },
      { iteration: 2, generation: 1, score: 0.3 },
      { iteration: 3, generation: 1, score: 0.4 },
    ]));
    expect(await runAxis(gens)).toBe('generation');
    expect((await scoreHistory(gens, 1, true)).map((h) => [h.generation, h.programs])).toEqual([[0, 2], [1, 2]]);
  });
});
