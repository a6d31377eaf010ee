import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readRunsFromPath } from '.';
import { diagnosisRecordSchema, programRecordSchema, type ImportedRun } from '../trace/schema';

let tmp: string;
beforeAll(() => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'evoscope-evalagent-'));
});
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

function write(root: string, files: Record<string, string | Uint8Array | object>) {
  for (const [rel, content] of Object.entries(files)) {
    const file = path.join(root, rel);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, typeof content === 'string' || content instanceof Uint8Array ? content : JSON.stringify(content));
  }
}

const REPORT = (n: number) => `## Hypothesis\nThe loop is O(n^2).\n## Experiment\nOn n=${n} it took ${n / 10} ms.\n## Verdict\nConfirmed.\n## Direction\nSort once.`;
const SCRIPT = 'def evaluate_aux(results_dir, primary_result=None):\n    return {"runtime_ms_big": 1.0}\n';

function gen(n: number, score: number, aux?: number, code = `int main(){return ${n};}`) {
  const pub: Record<string, number> = { t: score };
  if (aux != null) pub.runtime_ms_big = aux;
  return {
    [`gen_${n}/main.cpp`]: code,
    [`gen_${n}/results/metrics.json`]: { combined_score: score, public: pub, private: {} },
    [`gen_${n}/results/correct.json`]: { correct: true, error: null },
  };
}

const diag = (r: ImportedRun) => r.diagnoses!.map((d) => diagnosisRecordSchema.parse(d));

describe('eval agent folder, ShinkaEvolve layout', () => {
  it('reads trigger folders: reports, scripts, aux values, agent candidates (by file and by gen_N marker)', async () => {
    const root = path.join(tmp, 'results_a');
    write(root, {
      ...gen(0, 10), ...gen(1, 12), ...gen(2, 11),
      ...gen(3, 13, 900), ...gen(4, 20, 120, 'int main(){/*agent*/return 4;}'), ...gen(5, 19, 130), ...gen(6, 22, 110),
      'gen_6/agent_candidate.cpp': 'marker',
      'eval_agent_memory/trigger_3/diagnostic_report.md': REPORT(2000),
      'eval_agent_memory/trigger_3/auxiliary_metrics.py': SCRIPT,
      'eval_agent_memory/trigger_3/agent_candidate.cpp': 'int main(){/*agent*/return 4;}\r\n',
      'eval_agent_memory/trigger_6/diagnostic_report.md': '## Hypothesis\nStill slow.\n## Direction\nCache.',
      // The framework's working copy of the newest report: same text, so no warning.
      'eval_agent_memory/diagnostic_report.md': '## Hypothesis\nStill slow.\n## Direction\nCache.',
    });
    const [run] = await readRunsFromPath(root, { format: 'shinkaevolve' });
    const d = diag(run);
    expect(d.map((x) => x.triggerGeneration)).toEqual([3, 6]);
    expect(d[0].report.experiment).toBe('On n=2000 it took 200 ms.');
    expect(d[0].report.claims.filter((c) => c.part === 'experiment').map((c) => c.value)).toEqual(['2000', '200 ms']);
    expect(d[0].auxScript).toBe(SCRIPT);
    expect(d[0].report.auxMetricNames).toEqual(['runtime_ms_big']);
    expect(d[0].auxValues.map((v) => [v.externalId, v.values.runtime_ms_big])).toEqual([['gen_3', 900], ['gen_4', 120], ['gen_5', 130], ['gen_6', 110]]);
    expect(d[0].programExternalId).toBe('gen_1'); // best of generations 0..2
    expect(d[0].agentCandidateExternalId).toBe('gen_4');
    expect(d[0].report.agentCandidate).toMatchObject({ score: 20, bestScore: 13, gain: 7 });
    expect(d[1].report.missing).toEqual(['no Experiment section in eval_agent_memory/trigger_6/diagnostic_report.md', 'no Verdict section in eval_agent_memory/trigger_6/diagnostic_report.md', 'no auxiliary_metrics.py in eval_agent_memory/trigger_6']);
    // gen_6's marker file makes it the candidate of trigger 6.
    expect(d[1].agentCandidateExternalId).toBe('gen_6');
    const flagged = run.programs.filter((p) => (p.metadata as { agentCandidate?: boolean } | undefined)?.agentCandidate).map((p) => p.externalId);
    expect(flagged).toEqual(['gen_4', 'gen_6']);
    for (const p of run.programs) programRecordSchema.parse(p);
    expect(run.stats).toMatchObject({ diagnoses: 2, auxValues: 4, agentCandidates: 2 });
    expect(run.warnings.filter((w) => w.code.startsWith('eval-agent'))).toEqual([]);
  });

  it('a lone report and script at the folder root are the latest trigger; eval_agent/ is accepted too', async () => {
    const root = path.join(tmp, 'results_b');
    write(root, {
      ...gen(0, 10), ...gen(1, 12), ...gen(2, 15, 40), ...gen(3, 14, 41),
      'eval_agent/diagnostic_report.md': REPORT(100),
      'eval_agent/auxiliary_metrics.py': SCRIPT,
    });
    const [run] = await readRunsFromPath(root, { format: 'shinkaevolve' });
    const d = diag(run);
    expect(d).toHaveLength(1);
    expect(d[0].triggerGeneration).toBe(2);
    expect(d[0].report.missing[0]).toContain('trigger generation not recorded in eval_agent: taken as 2');
    expect(d[0].auxValues).toHaveLength(2);
  });

  it('bad files are per-file warnings, never a failed import, never invented parts', async () => {
    const root = path.join(tmp, 'results_c');
    write(root, {
      ...gen(0, 10), ...gen(1, 12), ...gen(2, 15, 3),
      'eval_agent_memory/gen_1/diagnostic_report.md': new Uint8Array([0xff, 0xfe, 0x00, 0x41]),
      'eval_agent_memory/gen_1/auxiliary_metrics.py': 'print("no entry point")\n',
      'eval_agent_memory/gen_2/diagnostic_report.md': 'Just prose, 68.1 again.',
      'eval_agent_memory/gen_2/trigger.json': '{not json',
    });
    const [run] = await readRunsFromPath(root, { format: 'shinkaevolve' });
    const w = run.warnings.filter((x) => x.code.startsWith('eval-agent'));
    expect(w.map((x) => [x.code, x.file])).toEqual([
      ['eval-agent-file-skipped', 'eval_agent_memory/gen_1/diagnostic_report.md'],
      ['eval-agent-script-malformed', 'eval_agent_memory/gen_1/auxiliary_metrics.py'],
      ['eval-agent-file-skipped', 'eval_agent_memory/gen_2/trigger.json'],
    ]);
    expect(w[0].message).toBe('diagnostic report not imported: not UTF-8 text');
    expect(w.every((x) => !x.message.includes(tmp))).toBe(true);
    const d = diag(run);
    expect(d.map((x) => x.reportMd)).toEqual(['', 'Just prose, 68.1 again.']);
    expect(d[0].report.missing).toContain('no diagnostic_report.md in eval_agent_memory/gen_1');
    expect(d[1].report).toMatchObject({ hypothesis: '', experiment: '', verdict: '', direction: '', claims: [] });
    expect(d[1].report.missing).toHaveLength(5); // four parts + no script
  });

  it('a run without the folder has no diagnoses', async () => {
    const root = path.join(tmp, 'results_d');
    write(root, { ...gen(0, 1), ...gen(1, 2) });
    const [run] = await readRunsFromPath(root, { format: 'shinkaevolve' });
    expect(run.diagnoses).toBeUndefined();
  });
});

describe('eval agent folder, OpenEvolve layout', () => {
  it('reads the folder beside openevolve_output/', async () => {
    const root = path.join(tmp, 'oe');
    const prog = (id: string, it: number, score: number, extra: Record<string, number> = {}) => ({
      id, code: `// ${id}`, language: 'cpp', parent_id: null, generation: it, timestamp: 1, iteration_found: it,
      metrics: { combined_score: score, ...extra }, metadata: {},
    });
    write(root, {
      'openevolve_output/checkpoints/checkpoint_4/programs/a.json': prog('a', 0, 0.5),
      'openevolve_output/checkpoints/checkpoint_4/programs/b.json': prog('b', 2, 0.6, { runtime_ms_big: 50 }),
      'openevolve_output/checkpoints/checkpoint_4/programs/c.json': prog('c', 3, 0.7, { runtime_ms_big: 30 }),
      'eval_agent_memory/trigger_2/diagnostic_report.md': REPORT(10),
      'eval_agent_memory/trigger_2/auxiliary_metrics.py': SCRIPT,
      'eval_agent_memory/trigger_2/agent_candidate.cpp': '// c',
    });
    const [run] = await readRunsFromPath(root, { format: 'openevolve' });
    const d = diag(run);
    expect(d).toHaveLength(1);
    expect(d[0].auxValues.map((v) => v.externalId)).toEqual(['b', 'c']);
    expect(d[0].agentCandidateExternalId).toBe('c');
    expect(d[0].programExternalId).toBe('a');
  });
});
