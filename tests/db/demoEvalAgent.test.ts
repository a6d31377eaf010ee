// The demo's C++ run with the eval agent (lib/services/demo/evalAgent): its auxiliary_metrics.py really runs
// in the sandbox against the run's C++ programs (g++ -O2 -std=gnu++17 on results_dir/main.cpp), the
// reports hold the four parts with numbers, later programs carry aux values, one agent candidate
// joins the pool; the real importer reads it all beside openevolve_output/ and the writer stores it.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { pool } from '../../lib/db/client';
import { auxPoints, listDiagnoses } from '../../lib/db/diagnoses';
import { storeImportedRun } from '../../lib/db/importRun';
import { generateDemoRuns } from '../../lib/services/demo/demoRuns';
import { addEvalAgent, DEMO_TRIGGERS } from '../../lib/services/demo/evalAgent/addEvalAgent';
import { AUX_SCRIPT_V1 } from '../../lib/services/demo/evalAgent/auxScripts';
import { demoAuxRunner } from '../../lib/services/demo/evalAgent/runAux';
import { writeEvalAgentFolder } from '../../lib/services/demo/evalAgent/writeEvalAgent';
import { demoScorer } from '../../lib/services/demo/score';
import { writeOpenEvolveRun } from '../../lib/services/demo/writeOpenEvolveRun';
import { readRunsFromPath } from '../../lib/importers';
import { useTestDatabase } from '../helpers/dbTest';

const { runIds } = useTestDatabase();
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'evoscope-demo-agent-'));
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

it('the aux script runs on a demo C++ program in the sandbox and measures it', async () => {
  const run = (await generateDemoRuns())[1];
  const best = run.programs.find((p) => p.id === run.bestProgramId)!;
  // No cache: this is a real sandbox run.
  const v = await demoAuxRunner({ cacheDir: null })(AUX_SCRIPT_V1, best.code);
  expect(v).not.toBeNull();
  expect(v!.runtime_ms_n1000).toBeGreaterThan(0);
  expect(v!.runtime_ms_n1000).toBeLessThan(10_000);
  expect(v!.tour_len_n1000).toBeGreaterThan(20_000); // 1000 uniform points in [0, 1000]^2: an optimal tour is ~23,000
  // A random order of 1000 uniform points is ~521,000 long (mean distance 0.5214 x 1000).
  expect(v!.tour_len_n1000).toBeLessThan(521_000);
  // A program that does not compile gives no values.
  expect(await demoAuxRunner({ cacheDir: null })(AUX_SCRIPT_V1, 'int main( {')).toBeNull();
}, 300_000);

it('the C++ demo run imports with two four-part reports, aux values and an agent candidate', async () => {
  const run = (await generateDemoRuns())[1];
  const before = run.programs.length;
  const files = await addEvalAgent(run, { score: demoScorer(), aux: demoAuxRunner() });
  expect(run.programs.length).toBe(before + 1);
  const base = path.join(tmp, 'ahc');
  writeEvalAgentFolder(files, base);
  writeOpenEvolveRun(run, base);
  const [imported] = await readRunsFromPath(base, { format: 'openevolve' });
  expect(imported.warnings.filter((w) => w.code.startsWith('eval-agent'))).toEqual([]);
  expect(imported.programs).toHaveLength(before + 1);
  const s = await storeImportedRun(imported);
  runIds.push(s.runId);

  const ds = await listDiagnoses(s.runId);
  expect(ds.map((d) => d.triggerGeneration)).toEqual([...DEMO_TRIGGERS]);
  for (const d of ds) {
    expect(d.report.missing).toEqual([]);
    for (const part of ['hypothesis', 'experiment', 'verdict', 'direction'] as const) expect(d.report[part].length).toBeGreaterThan(20);
    expect(d.report.claims.filter((c) => c.part === 'experiment').length).toBeGreaterThanOrEqual(2);
    expect(d.auxScriptSha).not.toBeNull();
    expect(d.programId).not.toBeNull();
  }
  expect(ds[0].report.auxMetricNames).toEqual(['runtime_ms_n1000', 'tour_len_n1000']);
  expect(ds[1].report.auxMetricNames).toEqual(['runtime_ms_n1000', 'tour_len_n1000', 'runtime_ms_n3000']);
  // The first trigger's candidate is a program of the run, flagged, with its evaluator's score.
  const cand = await pool().query<{ id: string; iteration: number; score: number | null }>(
    `SELECT id, iteration, score FROM programs WHERE run_id = $1 AND metadata->'agentCandidate' = 'true'::jsonb`, [s.runId]);
  expect(cand.rows).toHaveLength(1);
  expect(ds[0].agentCandidateProgramId).toBe(cand.rows[0].id);
  expect(cand.rows[0].iteration).toBe(DEMO_TRIGGERS[0]);
  // Aux values: every valid program from the first trigger on has them, none before.
  const [p1, p2] = await Promise.all(ds.map((d) => auxPoints(s.runId, d.id)));
  expect(p1.length).toBeGreaterThan(10);
  expect(p2.length).toBeGreaterThan(10);
  expect([...p1, ...p2].every((p) => p.iteration! >= DEMO_TRIGGERS[0] && p.status === 'ok' && p.values!.runtime_ms_n1000 > 0)).toBe(true);
  expect(p1.every((p) => p.iteration! < DEMO_TRIGGERS[1] && !('runtime_ms_n3000' in p.values!))).toBe(true);
  expect(p2.every((p) => p.iteration! >= DEMO_TRIGGERS[1] && typeof p.values!.runtime_ms_n3000 === 'number')).toBe(true);
  // Exactly the programs whose metrics carry the merged aux values have rows (migrant copies of
  // programs found before the trigger are stored at a later iteration but were never re-run).
  const withAux = await pool().query<{ n: number }>(`SELECT count(*)::int AS n FROM programs WHERE run_id = $1 AND valid AND metrics ? 'runtime_ms_n1000'`, [s.runId]);
  expect(p1.length + p2.length).toBe(withAux.rows[0].n);
}, 900_000);
