import { describe, expect, it } from 'vitest';
import type { Verdict } from '../contracts/generalizationTypes';
import { countsCsv, frameworkCounts, NO_TASK, verdictMatrix, verdictsCsv, type RunVerdict } from './generalizationTables';

let n = 0;
const rv = (framework: string, task: string | null, verdict: Verdict, privateChange: number | null = null): RunVerdict => ({
  runId: `r${++n}`,
  name: `run ${n}`,
  framework,
  task,
  higherIsBetter: true,
  verdict,
  publicChange: verdict === 'not-scored' ? null : 1,
  privateChange,
  threshold: 200,
  chainLength: 3,
  overfitSteps: verdict.startsWith('overfit') ? 1 : 0,
});

const runs = [
  rv('openevolve', 'ahc024', 'aligned', 300),
  rv('shinka', 'ahc024', 'overfit-severe', -250),
  rv('openevolve', 'ahc027', 'overfit-mild', -10),
  rv('openevolve', 'ahc027', 'other', 5),
  rv('shinka', null, 'not-scored'),
];

describe('Table 11: task x framework', () => {
  it('puts every run in its cell, tasks and frameworks sorted, runs without a task under their own row', () => {
    const m = verdictMatrix(runs);
    expect(m.tasks).toEqual([NO_TASK, 'ahc024', 'ahc027']);
    expect(m.frameworks).toEqual(['openevolve', 'shinka']);
    expect(m.cells.ahc024.shinka.map((r) => r.verdict)).toEqual(['overfit-severe']);
    expect(m.cells.ahc027.openevolve.map((r) => r.verdict)).toEqual(['overfit-mild', 'other']);
    expect(m.cells.ahc027.shinka).toBeUndefined();
  });

  it('exports one CSV line per run', () => {
    const lines = verdictsCsv(runs).trimEnd().split('\r\n');
    expect(lines[0]).toBe('task,framework,run_id,run_name,verdict,public_change,private_change,severe_threshold,better,chain_length,overfit_steps');
    expect(lines).toHaveLength(6);
    expect(lines).toContain(`ahc024,shinka,${runs[1].runId},${runs[1].name},overfit-severe,1,-250,200,higher,3,1`);
  });
});

describe('Table 12: counts per framework', () => {
  it('counts scored runs by verdict; not-scored runs are counted apart, never as scored', () => {
    expect(frameworkCounts(runs)).toEqual([
      { framework: 'openevolve', scored: 3, aligned: 1, overfitMild: 1, overfitSevere: 0, other: 1, notScored: 0 },
      { framework: 'shinka', scored: 1, aligned: 0, overfitMild: 0, overfitSevere: 1, other: 0, notScored: 1 },
    ]);
    expect(countsCsv(runs).split('\r\n')[1]).toBe('openevolve,3,1,1,0,1,0');
  });
});
