// `evoscope judge` with the offline judge, through the real CLI: item 6's output shape for a run
// folder, the figures being those of the statistics on the run's own edits, the same output for
// the stored run (whose judgements are stored, one row per edit, and not judged twice), and
// `judge --diffs` lines that `evoscope agreement` reads back.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { editDiff } from '../../lib/analysis/taxonomy/diff';
import { editSet } from '../../lib/analysis/taxonomy/editSet';
import { EDIT_LABELS, type EditLabel } from '../../lib/contracts/editLabels';
import { scoreScale, taxonomyStats } from '../../lib/analysis/taxonomy/stats';
import { disconnect, pool } from '../../lib/db/client';
import { createJudgeBatch } from '../../lib/db/judgeBatches';
import { migrate } from '../../lib/runtime/migrate';
import { readRunsFromInput } from '../../lib/services/import/importPipeline';
import { canonicalOrder } from '../../lib/trace/order';
import { realRunsDir, runCli } from '../helpers/cli';

const SHINKA = path.join(realRunsDir(), 'shinka__UT-AiInfra__cuco__ds-v3-moe');
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'evoscope-judge-cli-'));
const runIds: string[] = [];
const LABEL_KEYS = ['label', 'prevalence', 'positiveRate', 'oddsRatio', 'ciLow', 'ciHigh', 'fisherP', 'enrichmentBestSoFar', 'enrichmentFinalLineage'];

beforeAll(async () => {
  expect(fs.existsSync(SHINKA), SHINKA).toBe(true);
  await migrate(process.env.DATABASE_URL!);
});
afterAll(async () => {
  await pool().query('DELETE FROM runs WHERE id = ANY($1::uuid[])', [runIds]);
  await disconnect();
  fs.rmSync(dir, { recursive: true, force: true });
});

interface JudgeOutput {
  run: string;
  judge: string;
  edits: { parentId: string; childId: string; labels: EditLabel[]; rationale: string }[];
  labels: Record<string, unknown>[];
}

async function judgeJson(...args: string[]): Promise<JudgeOutput> {
  const r = await runCli(['judge', ...args, '--json']);
  expect(r.code, r.stderr).toBe(0);
  const lines = r.stdout.trim().split('\n');
  expect(lines).toHaveLength(1);
  return JSON.parse(lines[0]);
}

describe('evoscope judge (offline)', () => {
  let fromDir: JudgeOutput;

  it("labels every edit of a run folder and prints item 6's shape with the run's figures", async () => {
    fromDir = await judgeJson(SHINKA, '--judge', 'offline');
    expect(Object.keys(fromDir)).toEqual(['run', 'judge', 'edits', 'labels']);
    expect(fromDir.judge).toBe('offline@2');

    // The edit set: first listed parent in the run, as the batches and the views see it.
    const [run] = await readRunsFromInput(SHINKA, { forAnalysis: true });
    const ordered = canonicalOrder(run.programs);
    const set = editSet(
      ordered.map(({ item }, seq) => ({
        id: item.externalId, seq, iteration: item.iteration ?? null, valid: item.valid, score: item.score ?? null,
        parentIds: (item.parents ?? []).map((p) => p.externalId), hasCode: item.code.length > 0,
      })),
      run.run.higherIsBetter ?? true,
    );
    expect(set.edits.length).toBe(14);
    expect(fromDir.edits.map((e) => [e.parentId, e.childId])).toEqual(set.edits.map((e) => [e.parentId, e.childId]));
    for (const e of fromDir.edits) {
      expect(Object.keys(e)).toEqual(['parentId', 'childId', 'labels', 'rationale']);
      expect(e.labels).toEqual(EDIT_LABELS.filter((l) => e.labels.includes(l))); // known labels, canonical order
      expect(e.rationale.length).toBeGreaterThan(0);
    }
    expect(fromDir.edits.some((e) => e.labels.length > 0)).toBe(true);

    // The figures are the statistics of these labels on the run's scores and flags.
    const labelsOf = new Map(fromDir.edits.map((e) => [e.childId, e.labels]));
    const stats = taxonomyStats(
      set.edits.map((e) => ({ ...e, labels: labelsOf.get(e.childId)! })),
      { scoreScale: scoreScale(set.scores), higherIsBetter: run.run.higherIsBetter ?? true },
    );
    expect(fromDir.labels.map((l) => l.label)).toEqual([...EDIT_LABELS]);
    for (const [i, l] of fromDir.labels.entries()) {
      expect(Object.keys(l)).toEqual(LABEL_KEYS);
      const s = stats.labels[i];
      expect(l).toEqual({
        label: s.label, prevalence: s.prevalence, positiveRate: s.positiveRate, oddsRatio: s.oddsRatio, ciLow: s.ciLow,
        ciHigh: s.ciHigh, fisherP: s.fisherP, enrichmentBestSoFar: s.enrichmentBestSoFar, enrichmentFinalLineage: s.enrichmentFinalLineage,
      });
      // Prevalence read straight off the printed edits.
      expect(l.prevalence).toBeCloseTo(fromDir.edits.filter((e) => e.labels.includes(s.label)).length / 14, 12);
    }

    const human = await runCli(['judge', SHINKA, '--judge', 'offline']);
    expect(human.code, human.stderr).toBe(0);
    expect(human.stdout).toContain('14 edits judged by offline@2');
    expect(human.stdout).toContain('hyperparameter_tuning');
  });

  it('judges a stored run the same way, stores one judgement per edit and does not judge twice', async () => {
    const imp = await runCli(['import', SHINKA, '--again', '--json', '--name', 'judge-cli-test']);
    expect(imp.code, imp.stderr).toBe(0);
    const { runId } = JSON.parse(imp.stdout.trim());
    runIds.push(runId);

    const stored = await judgeJson(runId, '--judge', 'offline');
    expect(stored.run).toBe(runId);
    expect(stored.judge).toBe('offline@2');
    expect(stored.edits).toEqual(fromDir.edits); // the source's ids, the same labels and rationales
    expect(stored.labels).toEqual(fromDir.labels);

    const { rows } = await pool().query<{ child: string; parent: string; labels: string[]; status: string; diff_hash: string }>(
      `SELECT c.external_id AS child, p.external_id AS parent, j.labels, j.status, j.diff_hash
       FROM edit_judgements j JOIN programs c ON c.id = j.child_id JOIN programs p ON p.id = j.parent_id
       WHERE j.run_id = $1 AND j.judge = 'offline@2'`,
      [runId],
    );
    expect(rows).toHaveLength(14);
    const byChild = new Map(rows.map((r) => [r.child, r]));
    for (const e of stored.edits) {
      expect(byChild.get(e.childId)).toMatchObject({ parent: e.parentId, labels: e.labels, status: 'judged' });
      expect(byChild.get(e.childId)!.diff_hash).toMatch(/^[0-9a-f]{64}$/);
    }

    // Again: a new batch finds nothing left to judge, and prints the stored judgements.
    const again = await judgeJson(runId, '--judge', 'offline');
    expect(again).toEqual(stored);
    const batches = await pool().query<{ status: string; total: number; done: number }>(
      'SELECT status, total, done FROM judge_batches WHERE run_id = $1 ORDER BY created_at',
      [runId],
    );
    expect(batches.rows).toEqual([
      { status: 'done', total: 14, done: 14 },
      { status: 'done', total: 0, done: 0 },
    ]);
    expect((await pool().query('SELECT 1 FROM edit_judgements WHERE run_id = $1', [runId])).rowCount).toBe(14);
  });

  it('runs a judging batch already queued on the run (no worker running) instead of refusing', async () => {
    const imp = await runCli(['import', SHINKA, '--again', '--json', '--name', 'judge-cli-queued']);
    expect(imp.code, imp.stderr).toBe(0);
    const { runId } = JSON.parse(imp.stdout.trim());
    runIds.push(runId);
    const queued = await createJudgeBatch({ runId, kind: 'offline' }, null);
    const r = await runCli(['judge', runId, '--judge', 'offline', '--json']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toContain(`adopting the queued judging batch ${queued!.id}`);
    expect(JSON.parse(r.stdout).edits).toEqual(fromDir.edits);
    const batches = await pool().query('SELECT id, status, done FROM judge_batches WHERE run_id = $1', [runId]);
    expect(batches.rows).toEqual([{ id: queued!.id, status: 'done', done: 14 }]);
  });

  it('labels edits given as sources or diffs, one {id, labels} line each, readable by agreement', async () => {
    const tuneParent = 'def f(x):\n    return x * 0.5\n';
    const tuneChild = 'def f(x):\n    return x * 0.75\n';
    const input = [
      { id: 'tune', parent: tuneParent, child: tuneChild },
      { id: 'tune-diff', diff: editDiff(tuneParent, tuneChild).text, language: 'python' },
      { id: 'import', parent: 'def g(v):\n    return sum(v)\n', child: 'import numpy as np\n\ndef g(v):\n    return np.sum(v)\n' },
      { id: 7, parent: '#include <cstdio>\nint main() { int n = 10; printf("%d", n); }\n', child: '#include <cstdio>\nint main() { int n = 20; printf("%d", n); }\n' },
    ];
    const file = path.join(dir, 'edits.jsonl');
    fs.writeFileSync(file, input.map((x) => JSON.stringify(x)).join('\n') + '\n');
    const r = await runCli(['judge', '--diffs', file, '--judge', 'offline', '--json']);
    expect(r.code, r.stderr).toBe(0);
    const out = r.stdout.trim().split('\n').map((l) => JSON.parse(l));
    expect(out.map((o) => Object.keys(o))).toEqual(input.map(() => ['id', 'labels']));
    expect(out.map((o) => o.id)).toEqual(['tune', 'tune-diff', 'import', '7']);
    expect(out[0].labels).toContain('hyperparameter_tuning');
    expect(out[1].labels).toEqual(out[0].labels); // the diff covers both sources whole
    expect(out[2].labels).toContain('external_dependency');
    expect(out[3].labels).toContain('hyperparameter_tuning'); // C++ recognised without a language

    const labelled = path.join(dir, 'labelled.jsonl');
    fs.writeFileSync(labelled, r.stdout);
    const agree = await runCli(['agreement', labelled, labelled, '--json']);
    expect(agree.code, agree.stderr).toBe(0);
    expect(JSON.parse(agree.stdout)).toMatchObject({ n: 4, exactMatch: 1, meanJaccard: 1 });
  });

  it('says what is wrong with the input', async () => {
    let r = await runCli(['judge', SHINKA, '--judge', 'magic']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('--judge must be offline or llm');
    r = await runCli(['judge', '00000000-0000-4000-8000-000000000000', '--judge', 'offline']);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('no run with id 00000000-0000-4000-8000-000000000000');
    const bad = path.join(dir, 'bad.jsonl');
    fs.writeFileSync(bad, '{"id": "a", "parent": "x = 1\\n"}\n');
    r = await runCli(['judge', '--diffs', bad, '--json']);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain(`${bad}:1:`);
    r = await runCli(['judge', '--judge', 'offline']);
    expect(r.code).toBe(2);
  });
});
