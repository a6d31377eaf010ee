// Whose fault a failed evaluation is (classify.ts), from the sandbox's typed result: the rules
// on their own; evaluate.test.ts runs the same cases through the real sandbox.
import { describe, expect, it } from 'vitest';
import type { SandboxResult } from '../../contracts/sandboxTypes';
import { classify, lastLineMetrics, reportedFailure, scoreOf } from './classify';

const stream = (text = '') => ({ text, bytes: text.length, dropped: 0 });
const result = (over: Partial<SandboxResult>): SandboxResult => ({
  status: 'ok', exitCode: 0, signal: null, wallMs: 12, cpuMs: 10, peakMemoryKb: 9000, stdout: stream(), stderr: stream(), ...over,
});
const report = (r: object) => JSON.stringify({ metrics: null, artifacts: {}, correct: null, failure: null, ...r });

describe('classify', () => {
  it('metrics -> ok with the combined score', () => {
    const o = classify('openevolve', result({ result: report({ metrics: { combined_score: 2.5, a: 1 } }) }), 'public');
    expect(o).toMatchObject({ status: 'ok', score: 2.5, metrics: { combined_score: 2.5, a: 1 }, testSet: 'public', wallMs: 12 });
  });
  it('no report at all -> evaluator-error, with the stderr tail', () => {
    const o = classify('openevolve', result({ status: 'exit', exitCode: 1, stderr: stream('Traceback...\nSyntaxError: bad') }), 'public');
    expect(o.status).toBe('evaluator-error');
    expect(o.message).toMatch(/returned nothing \(exit code 1\)[\s\S]*SyntaxError: bad/);
  });
  it('a failure the harness blamed on the candidate -> candidate-error', () => {
    const o = classify('openevolve', result({ result: report({ failure: { by: 'candidate', message: 'the candidate raised ValueError' } }) }), 'public');
    expect(o).toMatchObject({ status: 'candidate-error', message: 'the candidate raised ValueError', score: null });
  });
  it('error metric, correct false, OpenEvolve error dict -> candidate-error', () => {
    for (const metrics of [{ combined_score: 0, error: 'did not converge' }, { error: 0.0 }, { combined_score: 0, correct: false }]) {
      expect(classify('openevolve', result({ result: report({ metrics }) }), 'public').status).toBe('candidate-error');
    }
    expect(classify('openevolve', result({ result: report({ metrics: { error: 'did not converge' } }) }), 'public').message).toBe('did not converge');
  });
  it('a numeric error next to a finite score is a metric', () => {
    expect(classify('openevolve', result({ result: report({ metrics: { combined_score: 0.9, error: 0.01 } }) }), 'public').status).toBe('ok');
  });
  it('limits of the whole evaluation -> candidate-error with the sandbox status', () => {
    for (const status of ['timeout', 'memory', 'pids', 'output-limit'] as const) {
      const o = classify('shinka', result({ status, message: `stopped: ${status}` }), 'private');
      expect(o).toMatchObject({ status: 'candidate-error', sandboxStatus: status, testSet: 'private', message: `stopped: ${status}` });
    }
  });
  it('sandbox-error stays a sandbox error', () => {
    expect(classify('command', result({ status: 'sandbox-error', message: 'cancelled' }), 'public')).toMatchObject({ status: 'sandbox-error', message: 'cancelled' });
  });
  it('command: metrics on the last non-empty line, else evaluator-error', () => {
    const ok = classify('command', result({ stdout: stream('compiling\n{"score": 3, "t": NaN}\n\n') }), 'public');
    expect(ok).toMatchObject({ status: 'ok', score: 3, metrics: { score: 3, t: 'NaN' } });
    const bad = classify('command', result({ status: 'exit', exitCode: 2, stdout: stream('{"score": 3}\nbye\n') }), 'public');
    expect(bad.status).toBe('evaluator-error');
    expect(bad.message).toMatch(/printed no metrics \(exit code 2\)/);
  });
});

describe('helpers', () => {
  it('scoreOf prefers combined_score and ignores non-finite values', () => {
    expect(scoreOf({ combined_score: 1, score: 2 })).toBe(1);
    expect(scoreOf({ score: 2 })).toBe(2);
    expect(scoreOf({ combined_score: 'NaN', score: 2 })).toBeNull();
    expect(scoreOf({ other: 1 })).toBeNull();
  });
  it('reportedFailure and lastLineMetrics', () => {
    expect(reportedFailure({ combined_score: 1 })).toBeNull();
    expect(reportedFailure({ correct: false, text_feedback: 'overlap' })).toBe('overlap');
    expect(lastLineMetrics('[1,2]')).toBeNull();
    expect(lastLineMetrics('')).toBeNull();
  });
});
