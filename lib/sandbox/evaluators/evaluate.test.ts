// evaluateProgram through the real sandbox (bubblewrap), one contract at a time, and whose fault
// each failure is: the evaluator's (it raised, printed nothing usable, could not be imported) or
// the candidate's (it crashed, the evaluator said so, it ran out of time).
import { describe, expect, it } from 'vitest';
import { evaluateProgram } from './evaluate';
import type { EvaluatorBundle } from '../../contracts/evaluatorTypes';

const bundle = (files: Record<string, string>, over: Partial<EvaluatorBundle> = {}): EvaluatorBundle => ({
  contract: 'openevolve',
  programFile: 'program.py',
  files: Object.fromEntries(Object.entries(files).map(([p, c]) => [p, Buffer.from(c)])),
  timeoutSeconds: 20,
  memoryMb: 1024,
  ...over,
});
const candidate = (body: string) => ({ source: body, language: 'python' });

/** Imports the candidate and scores solve() against data/weights.txt (a private set replaces it). */
const WEIGHTED = `import importlib.util, os
def _load(p):
    s = importlib.util.spec_from_file_location('candidate', p)
    m = importlib.util.module_from_spec(s)
    s.loader.exec_module(m)
    return m
def evaluate(program_path):
    values = _load(program_path).solve()
    weights = [float(x) for x in open(os.path.join(os.path.dirname(__file__), 'data/weights.txt')).read().split()]
    return {'combined_score': sum(v * w for v, w in zip(values, weights)), 'n': len(values)}
`;
const good = candidate('def solve():\n    return [1, 2, 3]\n');

describe('openevolve', () => {
  it('imports evaluator.py, calls evaluate(program_path), returns its metrics and score', async () => {
    const o = await evaluateProgram(bundle({ 'evaluator.py': WEIGHTED, 'data/weights.txt': '1 1 1' }), good);
    expect(o, o.stderr).toMatchObject({ status: 'ok', sandboxStatus: 'ok', score: 6, metrics: { combined_score: 6, n: 3 }, testSet: 'public' });
    expect(o.wallMs).toBeGreaterThan(0);
  });

  it('an EvaluationResult from the openevolve package (stand-in provided) gives metrics and artifacts', async () => {
    const ev = `from openevolve.evaluation_result import EvaluationResult
def evaluate(p):
    return EvaluationResult(metrics={'combined_score': 0.5}, artifacts={'note': 'fine', 'raw': b'bytes'})
`;
    const o = await evaluateProgram(bundle({ 'evaluator.py': ev }), good);
    expect(o).toMatchObject({ status: 'ok', score: 0.5, artifacts: { note: 'fine', raw: 'bytes' } });
  });

  it('runs the cascade stages in order, stopping at a threshold, merging their metrics', async () => {
    const cascade = (s1: number) => `def evaluate_stage1(p):
    return {'combined_score': ${s1}, 'quick': 1.0}
def evaluate_stage2(p):
    return {'combined_score': 0.8, 'full': 1.0}
def evaluate_stage3(p):
    return {'combined_score': 0.95, 'hard': 1.0}
def evaluate(p):
    raise RuntimeError('OpenEvolve does not call evaluate() when stage 1 exists')
`;
    const all = await evaluateProgram(bundle({ 'evaluator.py': cascade(0.6) }), good);
    expect(all).toMatchObject({ status: 'ok', score: 0.95, metrics: { combined_score: 0.95, quick: 1, full: 1, hard: 1 } });
    // Stage 1 below the first threshold (0.5): stage 1's metrics only.
    const stopped = await evaluateProgram(bundle({ 'evaluator.py': cascade(0.3) }), good);
    expect(stopped).toMatchObject({ status: 'ok', score: 0.3, metrics: { combined_score: 0.3, quick: 1 } });
    expect(stopped.metrics).not.toHaveProperty('full');
  });

  it('follows the run config: cascade off calls evaluate(); other thresholds stop elsewhere', async () => {
    const ev = `def evaluate_stage1(p):
    return {'combined_score': 0.3}
def evaluate_stage2(p):
    return {'combined_score': 0.8}
def evaluate_stage3(p):
    return {'combined_score': 0.99}
def evaluate(p):
    return {'combined_score': 0.123}
`;
    const direct = await evaluateProgram(bundle({ 'evaluator.py': ev }, { cascade: { enabled: false, thresholds: [0.5] } }), good);
    expect(direct).toMatchObject({ status: 'ok', score: 0.123 });
    const low = await evaluateProgram(bundle({ 'evaluator.py': ev }, { cascade: { enabled: true, thresholds: [0.2, 0.9] } }), good);
    expect(low).toMatchObject({ status: 'ok', score: 0.8 });
  });

  it('a stage 2 that raises keeps stage 1 with stage2_passed 0, as OpenEvolve does', async () => {
    const ev = `def evaluate_stage1(p):
    return {'combined_score': 0.9}
def evaluate_stage2(p):
    raise ValueError('stage two broke')
`;
    const o = await evaluateProgram(bundle({ 'evaluator.py': ev }), good);
    expect(o).toMatchObject({ status: 'ok', score: 0.9, metrics: { combined_score: 0.9, stage2_passed: 0 }, artifacts: { failure_stage: 'stage2' } });
  });

  it('an evaluator that raises is an evaluator error, not a bad candidate', async () => {
    const o = await evaluateProgram(bundle({ 'evaluator.py': "def evaluate(p):\n    raise KeyError('missing_config')\n" }), good);
    expect(o.status).toBe('evaluator-error');
    expect(o.message).toBe("evaluate() raised KeyError: 'missing_config' (evaluator.py line 2)");
    expect(o.score).toBeNull();
  });

  it('an evaluator that cannot be imported, or returns no dict, is an evaluator error', async () => {
    const imp = await evaluateProgram(bundle({ 'evaluator.py': 'import not_installed_anywhere\ndef evaluate(p):\n    return {}\n' }), good);
    expect(imp).toMatchObject({ status: 'evaluator-error', message: "evaluator.py could not be imported: ModuleNotFoundError: No module named 'not_installed_anywhere'" });
    const notDict = await evaluateProgram(bundle({ 'evaluator.py': 'def evaluate(p):\n    return 0.7\n' }), good);
    expect(notDict).toMatchObject({ status: 'evaluator-error', message: 'evaluate() returned float, not a dict of metrics' });
  });

  it('a candidate that crashes inside the evaluator is a candidate error naming its line', async () => {
    const o = await evaluateProgram(bundle({ 'evaluator.py': WEIGHTED, 'data/weights.txt': '1' }), candidate('def solve():\n    return 1 / 0\n'));
    expect(o).toMatchObject({ status: 'candidate-error', score: null, message: 'the candidate raised ZeroDivisionError: division by zero (program.py line 2)' });
  });

  it('a failure the evaluator reports (error message) is a candidate error with its message', async () => {
    const ev = "def evaluate(p):\n    return {'combined_score': 0.0, 'error': 'circles overlap'}\n";
    expect(await evaluateProgram(bundle({ 'evaluator.py': ev }), good)).toMatchObject({ status: 'candidate-error', message: 'circles overlap', metrics: { error: 'circles overlap' } });
  });

  it('a candidate that loops past the timeout is a candidate error typed timeout, within the limit', async () => {
    const t = Date.now();
    const o = await evaluateProgram(bundle({ 'evaluator.py': WEIGHTED, 'data/weights.txt': '1' }, { timeoutSeconds: 2 }), candidate('def solve():\n    while True: pass\n'));
    expect(o).toMatchObject({ status: 'candidate-error', sandboxStatus: 'timeout' });
    expect(Date.now() - t).toBeLessThan(3000 + 1000);
  });

  it('the private test set replaces same-path files and changes the result', async () => {
    const b = bundle({ 'evaluator.py': WEIGHTED, 'data/weights.txt': '1 1 1' }, { privateFiles: { 'data/weights.txt': Buffer.from('0 0 10') } });
    expect(await evaluateProgram(b, good)).toMatchObject({ status: 'ok', score: 6, testSet: 'public' });
    expect(await evaluateProgram(b, good, { testSet: 'private' })).toMatchObject({ status: 'ok', score: 30, testSet: 'private' });
    const none = await evaluateProgram(bundle({ 'evaluator.py': WEIGHTED }), good, { testSet: 'private' });
    expect(none).toMatchObject({ status: 'sandbox-error', message: 'this evaluator has no private test set' });
  });
});

describe('shinka', () => {
  const EVALUATE = `import argparse, json, os, subprocess, sys
a = argparse.ArgumentParser()
a.add_argument('--program_path', required=True)
a.add_argument('--results_dir', required=True)
args = a.parse_args()
out = subprocess.run([sys.executable, args.program_path], capture_output=True, text=True)
ok = out.returncode == 0
value = float(out.stdout.strip() or 0) if ok else 0.0
json.dump({'combined_score': value, 'public': {'stdout': out.stdout.strip()}, 'private': {}, 'text_feedback': ''}, open(os.path.join(args.results_dir, 'metrics.json'), 'w'))
json.dump({'correct': ok, 'error': None if ok else out.stderr.strip().splitlines()[-1]}, open(os.path.join(args.results_dir, 'correct.json'), 'w'))
`;
  const shinka = (files: Record<string, string>) => bundle(files, { contract: 'shinka', programFile: 'main.py' });

  it('runs evaluate.py --program_path --results_dir and reads metrics.json / correct.json', async () => {
    const o = await evaluateProgram(shinka({ 'evaluate.py': EVALUATE }), candidate('print(6 * 7)\n'));
    expect(o, o.stderr).toMatchObject({ status: 'ok', score: 42, metrics: { combined_score: 42, public: { stdout: '42' } } });
  });

  it('correct: false is a candidate error with the error of correct.json', async () => {
    const o = await evaluateProgram(shinka({ 'evaluate.py': EVALUATE }), candidate('raise SystemExit("no solution")\n'));
    expect(o).toMatchObject({ status: 'candidate-error', message: 'no solution', metrics: { combined_score: 0 } });
  });

  it('an evaluate.py written against shinka.core.run_shinka_eval runs (stand-in), validation failures blamed on the candidate', async () => {
    const ev = `import argparse
from shinka.core import run_shinka_eval

def validate(result):
    return (result >= 0, None if result >= 0 else 'negative result %s' % result)

def aggregate(results):
    return {'combined_score': float(sum(results)), 'public': {'runs': len(results)}, 'private': {}}

def main(program_path, results_dir):
    return run_shinka_eval(program_path=program_path, results_dir=results_dir, experiment_fn_name='run_experiment',
                           num_runs=3, get_experiment_kwargs=lambda i: {'k': i}, validate_fn=validate,
                           aggregate_metrics_fn=aggregate)

if __name__ == '__main__':
    p = argparse.ArgumentParser()
    p.add_argument('--program_path')
    p.add_argument('--results_dir')
    a = p.parse_args()
    main(a.program_path, a.results_dir)
`;
    const ok = await evaluateProgram(shinka({ 'evaluate.py': ev }), candidate('def run_experiment(k):\n    return k * 10\n'));
    expect(ok, ok.stderr).toMatchObject({ status: 'ok', score: 30, metrics: { combined_score: 30, public: { runs: 3 }, num_valid_runs: 3, num_invalid_runs: 0 } });
    const bad = await evaluateProgram(shinka({ 'evaluate.py': ev }), candidate('def run_experiment(k):\n    return k - 1\n'));
    expect(bad).toMatchObject({ status: 'candidate-error', message: 'Validation failed: negative result -1', metrics: { num_invalid_runs: 1 } });
    const crash = await evaluateProgram(shinka({ 'evaluate.py': ev }), candidate('def run_experiment(k):\n    raise ValueError("nope")\n'));
    expect(crash).toMatchObject({ status: 'candidate-error', message: 'nope', metrics: { combined_score: 0 } });
  });

  it('an evaluate.py that crashes before writing metrics.json is an evaluator error', async () => {
    const o = await evaluateProgram(shinka({ 'evaluate.py': 'import sys\nraise RuntimeError("dataset missing")\n' }), candidate('print(1)\n'));
    expect(o).toMatchObject({ status: 'evaluator-error', message: 'evaluate.py exited with code 1 without writing metrics.json' });
    expect(o.stderr).toContain('RuntimeError: dataset missing');
  });
});

describe('command', () => {
  const SCORE = `import json, subprocess, sys
out = subprocess.run([sys.executable, sys.argv[1]], capture_output=True, text=True)
print('checking', sys.argv[1])
print(json.dumps({'score': len(out.stdout.split()), 'ok': out.returncode == 0}))
`;
  const cmd = (template: string) => bundle({ 'score.py': SCORE }, { contract: 'command', command: template });

  it('replaces {program} and reads the metrics on the last stdout line', async () => {
    const o = await evaluateProgram(cmd('python3 score.py {program}'), candidate('print("a b c d")\n'));
    expect(o, o.stderr).toMatchObject({ status: 'ok', score: 4, metrics: { score: 4, ok: true } });
    expect(o.stdout).toContain('checking program.py');
  });

  it('a command that prints no JSON last is an evaluator error', async () => {
    const o = await evaluateProgram(cmd('python3 score.py {program}; echo done'), candidate('print(1)\n'));
    expect(o).toMatchObject({ status: 'evaluator-error' });
    expect(o.message).toMatch(/printed no metrics: the last line of its output is not a JSON object/);
  });

  it("compiles and runs a C++ candidate with the evaluator's own commands", async () => {
    const b = bundle({}, { contract: 'command', programFile: 'main.cpp', command: 'g++ -O2 -o prog {program} && ./prog' });
    const o = await evaluateProgram(b, { source: '#include <cstdio>\nint main(){ std::printf("{\\"score\\": %d}\\n", 6 * 7); }\n', language: 'cpp' });
    expect(o, o.stderr).toMatchObject({ status: 'ok', score: 42 });
  });
});
