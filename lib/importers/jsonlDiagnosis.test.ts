import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { diagnosisRecordSchema } from '../trace/schema';
import { readJsonlRun } from './jsonl';

let tmp: string;
beforeAll(() => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'evoscope-jsonl-diag-'));
});
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));
function write(name: string, lines: object[]) {
  const file = path.join(tmp, name);
  fs.writeFileSync(file, lines.map((l) => JSON.stringify(l)).join('\n') + '\n');
  return file;
}

const programs = [
  { evoscope_run: { name: 'd', score_metric: 'score' } },
  { id: 'p0', iteration: 0, generation: 0, code: 'a', score: 10 },
  { id: 'p1', iteration: 1, generation: 1, code: 'b', score: 12, parent_ids: ['p0'] },
  { id: 'p2', iteration: 2, generation: 2, code: 'c', score: 16, parent_ids: ['p1'], metrics: { runtime_ms: 5 } },
];
const diagnosis = {
  trigger_generation: 2, diagnosed: 'p1', report_md: '## Hypothesis\nSlow on n=4000.\n## Verdict\nConfirmed.',
  aux_script: 'def evaluate_aux(results_dir, primary_result=None):\n    return {"runtime_ms": 1}\n',
  aux_values: { p2: { runtime_ms: 99, crossings: 0 } }, agent_candidate: 'p2', agent_candidate_code: 'c',
};

describe('JSONL diagnosis lines', () => {
  it('become diagnoses; aux values merge into metrics without overwriting; the candidate is flagged', async () => {
    const run = await readJsonlRun(write('ok.jsonl', [...programs, { diagnosis }]));
    expect(run.diagnoses).toHaveLength(1);
    const d = diagnosisRecordSchema.parse(run.diagnoses![0]);
    expect(d).toMatchObject({ triggerGeneration: 2, programExternalId: 'p1', agentCandidateExternalId: 'p2', agentCandidateCode: 'c' });
    expect(d.report.hypothesis).toBe('Slow on n=4000.');
    expect(d.report.missing).toEqual(['no Experiment section in ok.jsonl:5', 'no Direction section in ok.jsonl:5']);
    expect(d.report.auxMetricNames).toEqual(['crossings', 'runtime_ms']);
    expect(d.report.agentCandidate).toEqual({ status: 'imported', score: 16, bestScore: 12, gain: 4, programId: null });
    const p2 = run.programs.find((p) => p.externalId === 'p2')!;
    expect(p2.metrics).toMatchObject({ runtime_ms: 5, crossings: 0, score: 16 });
    expect(p2.metadata).toEqual({ agentCandidate: true });
    expect(run.stats.diagnoses).toBe(1);
  });

  it('names the line of a bad or dangling diagnosis', async () => {
    await expect(readJsonlRun(write('bad.jsonl', [...programs, { diagnosis: { ...diagnosis, trigger_generation: -1 } }]))).rejects.toThrow(
      'bad.jsonl:5: diagnosis.trigger_generation must be a non-negative integer',
    );
    await expect(readJsonlRun(write('extra.jsonl', [...programs, { diagnosis: { ...diagnosis, aux: 1 } }]))).rejects.toThrow('extra.jsonl:5: diagnosis: unknown key "aux"');
    await expect(readJsonlRun(write('surrogate.jsonl', [...programs, { diagnosis: { ...diagnosis, report_md: 'bad \ud800' } }]))).rejects.toThrow(
      'surrogate.jsonl:5: diagnosis.report_md must be free of NUL characters and lone surrogates',
    );
    await expect(readJsonlRun(write('dangling.jsonl', [...programs, { diagnosis: { ...diagnosis, agent_candidate: 'p9' } }]))).rejects.toThrow(
      'dangling.jsonl:5: diagnosis names program "p9", which is not a record of the file',
    );
  });
});
