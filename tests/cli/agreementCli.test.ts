// `evoscope agreement A.jsonl B.jsonl --json` through the real CLI: the figures of the worked
// example of lib/analysis/taxonomy/agreement.test.ts, ids in one file only and lines marked not
// judged left out, and input errors naming the file and line.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'evoscope-agreement-cli-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

function jsonl(name: string, rows: object[], extra = '') {
  const p = path.join(dir, name);
  fs.writeFileSync(p, rows.map((r) => JSON.stringify(r)).join('\n') + '\n' + extra);
  return p;
}

const H = 'hyperparameter_tuning';
const L = 'local_refinement';
const P = 'pruning';

describe('evoscope agreement', () => {
  it('prints the B.4 figures of two labellings on the ids both have', async () => {
    const a = jsonl('a.jsonl', [
      { id: 'e1', labels: [H, L] },
      { id: 'e2', labels: [H] },
      { id: 'e3', labels: [P] },
      { id: 'e4', labels: [] },
      { id: 'e5', labels: [L] },
      { id: 'e6', labels: [H] }, // only in A
    ], '\n'); // a blank line is skipped
    const b = jsonl('b.jsonl', [
      { id: 'e1', labels: [H] },
      { id: 'e2', labels: [H] },
      { id: 'e3', labels: [L] },
      { id: 'e4', labels: [] },
      { id: 'e5', labels: [L, H] },
      { id: 'e7', labels: [P] }, // only in B
      { id: 'e8', labels: [], notJudged: 'budget reached' }, // left out
    ]);
    const r = await runCli(['agreement', a, b, '--json']);
    expect(r.code, r.stderr).toBe(0);
    const lines = r.stdout.trim().split('\n');
    expect(lines).toHaveLength(1);
    const out = JSON.parse(lines[0]);
    // Worked by hand in lib/analysis/taxonomy/agreement.test.ts: n 5, exact 2/5, Jaccard 3/5,
    // micro P = R = F1 = 3/5, macro F1 (0.8 + 0.5 + 0)/3, macro kappa (8/13 + 1/6 + 0)/3 = 61/234.
    expect(out.n).toBe(5);
    expect(out.exactMatch).toBe(0.4);
    expect(out.meanJaccard).toBeCloseTo(0.6, 12);
    expect(out.micro.f1).toBeCloseTo(0.6, 12);
    expect(out.macroF1).toBeCloseTo(1.3 / 3, 12);
    expect(out.macroKappa).toBeCloseTo(61 / 234, 12);
    expect(out.perLabel.find((p: { label: string }) => p.label === H)).toMatchObject({ both: 2, onlyA: 0, onlyB: 1, neither: 2, f1: 0.8 });
    expect(Object.keys(out)).toEqual(['n', 'exactMatch', 'meanJaccard', 'micro', 'macroF1', 'macroKappa', 'perLabel']);
    expect(r.stderr).toContain('1 only in');
    expect(r.stderr).toContain('1 edit(s) marked not judged');

    const human = await runCli(['agreement', a, b]);
    expect(human.code, human.stderr).toBe(0);
    expect(human.stdout).toContain('5 edits in both');
    expect(human.stdout).toMatch(/macro kappa 0\.261/);
  });

  it('names the file and line of a bad input, and asks for two files', async () => {
    const good = jsonl('good.jsonl', [{ id: 1, labels: [H] }]);
    const typo = jsonl('typo.jsonl', [{ id: 1, labels: [H] }, { id: 2, labels: ['hyperparameter-tuning'] }]);
    let r = await runCli(['agreement', good, typo, '--json']);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain(`${typo}:2: unknown label "hyperparameter-tuning"`);
    expect(r.stdout).toBe('');

    const broken = jsonl('broken.jsonl', [{ id: 1, labels: [H] }], '{"id": 2, "labels": [\n');
    r = await runCli(['agreement', good, broken, '--json']);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain(`${broken}:2: not valid JSON`);

    const noLabels = jsonl('nolabels.jsonl', [{ id: 1 }]);
    r = await runCli(['agreement', noLabels, good, '--json']);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain(`${noLabels}:1: labels:`);

    const dup = jsonl('dup.jsonl', [{ id: 'x', labels: [] }, { id: 'x', labels: [H] }]);
    r = await runCli(['agreement', dup, good]);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain(`${dup}:2: id "x" appears twice`);

    r = await runCli(['agreement', good, '--json']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('agreement needs two files');
  });
});
