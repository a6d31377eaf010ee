import { describe, expect, it } from 'vitest';
import type { ProgramRecord } from '../trace/schema';
import { namesInScript, keysAppearingFrom } from './auxKeys';
import { buildDiagnoses, markedAsAgentCandidate, type TriggerInput } from './importedDiagnoses';

const REPORT = '## Hypothesis\nSlow.\n## Experiment\nRan n=2000: 412 ms.\n## Verdict\nConfirmed.\n## Direction\nUse Or-opt.';
const SCRIPT = [
  'import os, subprocess',
  'def evaluate_aux(results_dir, primary_result=None):',
  '    # returns: dict of "metric_name": float',
  '    r = subprocess.run(["g++"], capture_output=True)',
  '    out = {"runtime_ms_n2000": 1.0}',
  '    out["crossings"] = 2',
  '    return out',
].join('\n');

function prog(id: string, g: number, score: number, metrics: Record<string, number> = {}, extra: Partial<ProgramRecord> = {}): ProgramRecord {
  return { externalId: id, code: `code ${id}`, generation: g, valid: true, score, metrics: { score, ...metrics }, ...extra };
}

function run() {
  return [
    prog('g0', 0, 10),
    prog('g1', 1, 14),
    prog('g2', 2, 12),
    prog('g3', 3, 15, { runtime_ms_n2000: 400, crossings: 7 }),
    prog('g4', 4, 13, { runtime_ms_n2000: 380, crossings: 5 }),
    prog('g5', 5, 18, { runtime_ms_n2000: 90, crossings: 0 }),
    prog('g6', 6, 17, { runtime_ms_n2000: 95, crossings: 1 }),
  ];
}

describe('aux keys', () => {
  it('names in the script: dict literal keys and subscript assignments, not comments', () => {
    expect(namesInScript(SCRIPT)).toEqual(['runtime_ms_n2000', 'crossings']);
  });
  it('fallback: keys first seen at or after the first trigger, never the score', () => {
    const at = run().map((p) => ({ generation: p.generation!, metrics: p.metrics as Record<string, unknown> }));
    expect(keysAppearingFrom(at, 3, 'score')).toEqual(['crossings', 'runtime_ms_n2000']);
    expect(keysAppearingFrom(at, 4, 'score')).toEqual([]); // present at 3, before the trigger
  });
});

describe('buildDiagnoses', () => {
  const triggers: TriggerInput[] = [
    { where: 'eval_agent_memory/trigger_5', generation: 5, reportMd: REPORT, auxScript: null, candidate: { file: 'agent_candidate.cpp', code: 'code g5\n' } },
    { where: 'eval_agent_memory/trigger_3', generation: 3, reportMd: REPORT, auxScript: SCRIPT, candidate: null },
  ];

  it('orders triggers, diagnoses the best since the previous one, attributes aux values to the script in force', () => {
    const programs = run();
    const d = buildDiagnoses(triggers, programs, { scoreMetric: 'score', higherIsBetter: true });
    expect(d.map((x) => x.triggerGeneration)).toEqual([3, 5]);
    // Trigger 3: best of generations 0..2 is g1 (14). Trigger 5: best of 3..4 is g3 (15).
    expect(d.map((x) => x.programExternalId)).toEqual(['g1', 'g3']);
    // Trigger 5 wrote no script: trigger 3's stays in force for every later generation.
    expect(d[0].auxValues!.map((v) => v.externalId)).toEqual(['g3', 'g4', 'g5', 'g6']);
    expect(d[0].auxValues![2].values).toEqual({ runtime_ms_n2000: 90, crossings: 0 });
    expect(d[1].auxValues).toEqual([]);
    expect(d[0].report.auxMetricNames).toEqual(['runtime_ms_n2000', 'crossings']);
    expect(d[1].report.missing).toEqual(['no auxiliary_metrics.py in eval_agent_memory/trigger_5']);
    expect(d[0].report.missing).toEqual([]);
    expect(d[0].report.claims!.map((c) => c.value)).toEqual(['2000', '412 ms']);
  });

  it('links the agent candidate by code, marks it, and measures its gain over the best before it', () => {
    const programs = run();
    const d = buildDiagnoses(triggers, programs, { scoreMetric: 'score', higherIsBetter: true });
    expect(d[1].agentCandidateExternalId).toBe('g5');
    expect(d[1].agentCandidateCode).toBe('code g5\n');
    // g5 = 18; the best before generation 5 is g3 = 15: gain 3.
    expect(d[1].report.agentCandidate).toEqual({ status: 'imported', score: 18, bestScore: 15, gain: 3, programId: null });
    expect((programs[5].metadata as { agentCandidate?: boolean }).agentCandidate).toBe(true);
    expect(programs.filter((p) => (p.metadata as { agentCandidate?: boolean } | undefined)?.agentCandidate).length).toBe(1);
    expect(d[0].agentCandidateExternalId).toBeNull();
  });

  it('falls back to keys first appearing at the trigger when there is no script, and links marked programs', () => {
    const programs = run();
    programs[6].metadata = { patchType: 'agent' };
    const d = buildDiagnoses(
      [{ where: 'eval_agent', generation: 3, reportMd: REPORT, auxScript: null, candidate: null }],
      programs,
      { scoreMetric: 'score', higherIsBetter: true },
    );
    expect(d[0].report.auxMetricNames).toEqual(['crossings', 'runtime_ms_n2000']);
    expect(d[0].auxValues).toHaveLength(4);
    expect(d[0].agentCandidateExternalId).toBe('g6');
    // 17 against the best before generation 6 (g5 = 18): -1.
    expect(d[0].report.agentCandidate!.gain).toBe(-1);
  });

  it('a lone report takes the first generation with its script names, and says so', () => {
    const d = buildDiagnoses([{ where: 'eval_agent_memory', generation: null, reportMd: REPORT, auxScript: SCRIPT, candidate: null }], run(), { scoreMetric: 'score', higherIsBetter: true });
    expect(d[0].triggerGeneration).toBe(3);
    expect(d[0].report.missing![0]).toMatch(/trigger generation not recorded in eval_agent_memory: taken as 3/);
  });

  it('a trigger without a report keeps its script and names the report missing; an unmatched candidate is said', () => {
    const d = buildDiagnoses(
      [{ where: 't/gen_3', generation: 3, reportMd: null, auxScript: SCRIPT, candidate: { file: 'agent_candidate.cpp', code: 'nothing like it' } }],
      run(),
      { scoreMetric: 'score', higherIsBetter: true },
    );
    expect(d[0].report.hypothesis).toBe('');
    expect(d[0].report.missing).toEqual(['agent candidate agent_candidate.cpp matches no program of the run', 'no diagnostic_report.md in t/gen_3']);
    expect(d[0].agentCandidateExternalId).toBeNull();
    expect(d[0].auxValues).toHaveLength(4);
  });

  it('marks by metadata, patch type, parent operator and gen_N folder', () => {
    expect(markedAsAgentCandidate(prog('a', 1, 1, {}, { metadata: { agentCandidate: true } }))).toBe(true);
    expect(markedAsAgentCandidate(prog('b', 1, 1, {}, { metadata: { patch_type: 'agent' } }))).toBe(true);
    expect(markedAsAgentCandidate(prog('c', 1, 1, {}, { parents: [{ externalId: 'a', operator: 'agent' }] }))).toBe(true);
    expect(markedAsAgentCandidate(prog('d', 4, 1), new Set([4]))).toBe(true);
    expect(markedAsAgentCandidate(prog('e', 4, 1, {}, { metadata: { patchType: 'diff' } }))).toBe(false);
  });
});
