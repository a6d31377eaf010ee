// An imported folder that holds the run's evaluator gets it attached at import (origin
// 'archive'): OpenEvolve's evaluator.py beside openevolve_output/, ShinkaEvolve's evaluate.py
// above its results folder. The run folders themselves are not part of the evaluator's files,
// and an evaluator that cannot be taken is a warning, never a failed import.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { disconnect, pool } from '../../lib/db/client';
import { listEvaluators, loadEvaluator } from '../../lib/db/evaluators';
import { migrate } from '../../lib/runtime/migrate';
import { importFromPath } from '../../lib/services/import/importPipeline';
import { releaseJobClient } from '../../lib/db/jobQueue';
import { realRunsDir } from '../helpers/cli';

const REAL = realRunsDir();
const QOS = path.join(REAL, 'openevolve__bochen-sysnet__QOS__qaoa-frozenqubits/openevolve_output');
const CUCO = path.join(REAL, 'shinka__UT-AiInfra__cuco__ds-v3-moe/workloads/ds_v3_moe/results_ds_v3_moe');
const fixture = path.resolve(import.meta.dirname, '..', 'fixtures', 'evaluators', 'openevolve-sum');
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'evoscope-archive-eval-'));
const runIds: string[] = [];

beforeAll(async () => {
  expect(fs.existsSync(QOS), `real runs missing at ${REAL}`).toBe(true);
  await migrate(process.env.DATABASE_URL!);
});
afterAll(async () => {
  await pool().query('DELETE FROM runs WHERE id = ANY($1::uuid[])', [runIds]);
  await releaseJobClient();
  await disconnect();
  fs.rmSync(tmp, { recursive: true, force: true });
});

async function importOne(dir: string) {
  const [stored] = await importFromPath(dir, { format: 'auto' });
  runIds.push(stored.runId);
  return stored;
}

it('OpenEvolve: evaluator.py beside openevolve_output/ becomes version 1, without the run', async () => {
  const example = path.join(tmp, 'qos-example');
  fs.cpSync(fixture, example, { recursive: true });
  fs.writeFileSync(path.join(example, 'initial_program.py'), 'def solve():\n    return [0, 0, 0]\n');
  fs.cpSync(QOS, path.join(example, 'openevolve_output'), { recursive: true });
  const stored = await importOne(example);
  expect(stored.programs).toBe(204);
  const [summary] = await listEvaluators(pool(), stored.runId);
  expect(summary).toMatchObject({ version: 1, origin: 'archive', contract: 'openevolve', entry: 'evaluator.py', programFile: 'program.py', timeoutSeconds: 300, cascade: null });
  expect(summary.files.map((f) => f.path)).toEqual(['data/weights.txt', 'evaluator.py', 'initial_program.py']);
  const bundle = await loadEvaluator(pool(), stored.runId);
  expect(bundle!.files['evaluator.py'].equals(fs.readFileSync(path.join(fixture, 'evaluator.py')))).toBe(true);
});

it("the run's config.yaml sets the evaluator's timeout and OpenEvolve cascade", async () => {
  const example = path.join(tmp, 'configured-example');
  fs.cpSync(fixture, example, { recursive: true });
  fs.writeFileSync(path.join(example, 'config.yaml'), 'max_iterations: 200\nevaluator:\n  timeout: 42\n  cascade_evaluation: false\n');
  fs.cpSync(QOS, path.join(example, 'openevolve_output'), { recursive: true });
  const stored = await importOne(example);
  const [summary] = await listEvaluators(pool(), stored.runId);
  expect(summary).toMatchObject({ timeoutSeconds: 42, cascade: { enabled: false, thresholds: [0.5, 0.75, 0.9] } });
  expect(summary.files.map((f) => f.path)).toContain('config.yaml');
  expect((await loadEvaluator(pool(), stored.runId))!.cascade).toEqual({ enabled: false, thresholds: [0.5, 0.75, 0.9] });
});

it('Shinka: evaluate.py in the task folder holding results_*/ ; the CUDA run gets main.cu', async () => {
  const task = path.join(tmp, 'cuco-task');
  fs.mkdirSync(task);
  fs.writeFileSync(path.join(task, 'evaluate.py'), 'import argparse\n');
  fs.cpSync(CUCO, path.join(task, 'results_ds_v3_moe'), { recursive: true });
  const stored = await importOne(task);
  const [summary] = await listEvaluators(pool(), stored.runId);
  expect(summary).toMatchObject({ origin: 'archive', contract: 'shinka', entry: 'evaluate.py', programFile: 'main.cu' });
  expect(summary.files.map((f) => f.path)).toEqual(['evaluate.py']);
});

it('an evaluator.py without evaluate() is a warning; the import stands', async () => {
  const example = path.join(tmp, 'broken-example');
  fs.mkdirSync(example);
  fs.writeFileSync(path.join(example, 'evaluator.py'), 'def score(p):\n    return 1\n');
  fs.cpSync(QOS, path.join(example, 'openevolve_output'), { recursive: true });
  const stored = await importOne(example);
  expect(stored.programs).toBe(204);
  expect(stored.warnings).toContainEqual(expect.objectContaining({ code: 'evaluator-not-attached', message: expect.stringMatching(/evaluator.py defines no evaluate/) }));
  expect(await listEvaluators(pool(), stored.runId)).toEqual([]);
  const report = (await pool().query('SELECT import_report FROM runs WHERE id = $1', [stored.runId])).rows[0].import_report;
  expect(report.warnings.map((w: { code: string }) => w.code)).toContain('evaluator-not-attached');
});

it('a run folder without an evaluator anywhere above it gets none', async () => {
  const stored = await importOne(QOS);
  expect(await listEvaluators(pool(), stored.runId)).toEqual([]);
  expect(stored.warnings.map((w) => w.code)).not.toContain('evaluator-not-attached');
});
