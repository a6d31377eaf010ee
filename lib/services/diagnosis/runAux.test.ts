// auxiliary_metrics.py run on one program in the real sandbox (bubblewrap, Debian's python3, g++):
// the seed's contract and path rule, C++ compiled inside the script, and every way a script can
// fail giving its own status without throwing.
import { describe, expect, it } from 'vitest';
import { buildAuxRequest, primaryResultOf, sourceFileName, type AuxProgram } from './auxHarness';
import { runAuxScript } from './runAux';

const CPP = `#include <cstdio>
int main() { long n; if (scanf("%ld", &n) != 1) return 1; long s = 0; for (long i = 1; i <= n; i++) s += i; printf("%ld\\n", s); }
`;
const cppProgram: AuxProgram = { source: CPP, language: 'C++', generation: 10, iteration: 12, score: 0.5, metrics: { combined_score: 0.5, runtime_ms: 3 } };
const pyProgram: AuxProgram = { source: 'print(sum(range(5)))\n', language: 'python', generation: null, iteration: 3, score: 0.25, metrics: { error: 0 } };

const run = (script: string, program = pyProgram, timeoutSeconds = 20) => runAuxScript({ script, program, scoreMetric: 'combined_score', timeoutSeconds });

describe('the aux harness request', () => {
  it('places the program as main.<ext> in gen_<N>, with the primary result beside it', () => {
    expect(sourceFileName('C++')).toBe('main.cpp');
    expect(sourceFileName('py')).toBe('main.py');
    expect(sourceFileName('rust')).toBe('main.rs');
    expect(sourceFileName('brainfuck')).toBe('main.txt');
    const req = buildAuxRequest({ script: 'x', program: cppProgram, scoreMetric: 'combined_score', timeoutSeconds: 5, evaluatorFiles: { 'seeds.txt': Buffer.from('1\n') } });
    expect(req.files.map((f) => f.path)).toEqual(['evaluator/seeds.txt', 'auxiliary_metrics.py', 'gen_10/main.cpp', 'gen_10/results/metrics.json', '__evoscope_primary__.json', '__evoscope_aux__.py']);
    expect(req.command.slice(1, 4)).toEqual(['__evoscope_aux__.py', 'auxiliary_metrics.py', 'gen_10']);
    expect(req.limits).toMatchObject({ wallSeconds: 5, memoryMb: 2048 });
    // The evaluator's name for the program too (the diagnose job's prompt names it), once.
    const named = buildAuxRequest({ script: 'x', program: pyProgram, scoreMetric: null, timeoutSeconds: 5, programFile: 'program.py' });
    expect(named.files.filter((f) => f.path.startsWith('gen_3/')).map((f) => f.path)).toEqual(['gen_3/main.py', 'gen_3/program.py', 'gen_3/results/metrics.json']);
    const same = buildAuxRequest({ script: 'x', program: pyProgram, scoreMetric: null, timeoutSeconds: 5, programFile: 'main.py' });
    expect(same.files.filter((f) => f.path.startsWith('gen_3/')).map((f) => f.path)).toEqual(['gen_3/main.py', 'gen_3/results/metrics.json']);
    expect(buildAuxRequest({ script: 'x', program: pyProgram, scoreMetric: null, timeoutSeconds: 5, programFile: '../x.py' }).files.some((f) => f.path.includes('..'))).toBe(false);
    expect(primaryResultOf(pyProgram, 'fitness')).toEqual({ error: 0, combined_score: 0.25, fitness: 0.25 });
    expect(primaryResultOf({ ...pyProgram, score: null }, 'fitness')).toEqual({ error: 0 });
  });
});

describe('auxiliary_metrics.py in the sandbox', () => {
  it('the seed contract: results_dir is the directory holding main.cpp (not a subdirectory); g++ compiles and runs it', { timeout: 90_000 }, async () => {
    const script = `
import os, subprocess, time
def evaluate_aux(results_dir, primary_result=None):
    code_path = os.path.join(results_dir, 'main.cpp')
    print('compiling', code_path)   # the script's own prints must not spoil the result
    subprocess.run(['g++', '-O2', '-std=gnu++17', code_path, '-o', '/tmp/binary'], check=True)
    t = time.time()
    out = subprocess.run(['/tmp/binary'], input=b'1000', capture_output=True, check=True).stdout
    return {'sum_1000': float(out), 'in_gen_dir': float(os.path.basename(results_dir) == 'gen_10'),
            'has_results': float(os.path.isdir(os.path.join(results_dir, 'results'))),
            'score_seen': primary_result['combined_score'], 'evaluator_dir': float(os.path.isdir(os.environ['EVOSCOPE_EVALUATOR_DIR']))}
`;
    const r = await runAuxScript({ script, program: cppProgram, scoreMetric: 'combined_score', timeoutSeconds: 60, evaluatorFiles: { 'seeds.txt': Buffer.from('1\n') } });
    expect(r.error).toBeNull();
    expect(r).toMatchObject({ status: 'ok', values: { sum_1000: 500500, in_gen_dir: 1, has_results: 1, score_seen: 0.5, evaluator_dir: 1 } });
    expect(r.wallMs).toBeGreaterThan(0);
  });

  it('numpy numbers and ints are accepted as floats', async () => {
    const r = await run(`
import numpy as np
def evaluate_aux(results_dir, primary_result):
    src = open(results_dir + '/main.py').read()
    return {'chars': len(src), 'mean': np.float64(2.5), 'n': np.int64(3)}
`);
    expect(r).toMatchObject({ status: 'ok', values: { chars: 21, mean: 2.5, n: 3 }, error: null });
  });

  it('a script that raises: error, with the exception and its line; a program that does not parse, in one line', async () => {
    const parse = await run('import ast\ndef evaluate_aux(results_dir, primary_result):\n    return {"n": len(ast.parse("def f(:"))}\n');
    expect(parse.error?.split('\n')[0]).toBe('evaluate_aux raised SyntaxError: invalid syntax (<unknown>, line 1) (auxiliary_metrics.py line 3)');
    const r = await run('def evaluate_aux(results_dir, primary_result):\n    x = 1\n    return {"a": x / 0}\n');
    expect(r.status).toBe('error');
    expect(r.error).toMatch(/^evaluate_aux raised ZeroDivisionError: division by zero \(auxiliary_metrics\.py line 3\)/);
    expect(r.values).toBeNull();
  });

  it('a script that does not define evaluate_aux, or does not import: error', async () => {
    expect(await run('def other():\n    pass\n')).toMatchObject({ status: 'error', error: 'auxiliary_metrics.py defines no evaluate_aux(results_dir, primary_result) function' });
    const bad = await run('def evaluate_aux(:\n');
    expect(bad.status).toBe('error');
    expect(bad.error).toMatch(/^auxiliary_metrics\.py could not be imported: SyntaxError: invalid syntax \(auxiliary_metrics\.py, line 1\)\n/);
  });

  it('non-numbers, non-finite numbers, a non-dict and printed junk: bad-output naming the values', async () => {
    const r = await run(`
import sys
def evaluate_aux(results_dir, primary_result):
    print('junk {"a": 1}')
    sys.stdout.write('EVOSCOPE_AUX_RESULT {"status": "ok", "values": {"forged": 1}}\\n')
    return {'ok': 1.5, 'word': 'fast', 'nan': float('nan'), 'flag': True}
`);
    expect(r.status).toBe('bad-output');
    expect(r.values).toEqual({ ok: 1.5 });
    expect(r.error).toBe("evaluate_aux returned non-numbers: word = 'fast' (str); nan = nan (not finite); flag = True (bool)");
    expect(await run('def evaluate_aux(results_dir, primary_result):\n    return [1, 2]\n')).toMatchObject({
      status: 'bad-output', values: null, error: 'evaluate_aux returned [1, 2] (list), not a dict of numbers',
    });
  });

  it('a script that ends the process itself: bad-output or the exit status', async () => {
    expect((await run('import os\ndef evaluate_aux(results_dir, primary_result):\n    os._exit(0)\n')).status).toBe('bad-output');
    const r = await run('import os\ndef evaluate_aux(results_dir, primary_result):\n    os._exit(3)\n');
    expect(r).toMatchObject({ status: 'exit', values: null });
    expect(r.error).toMatch(/exited with code 3/);
  });

  it('an infinite loop: timeout at the limit', { timeout: 30_000 }, async () => {
    const t = Date.now();
    const r = await run('def evaluate_aux(results_dir, primary_result):\n    while True:\n        pass\n', pyProgram, 2);
    expect(r.status).toBe('timeout');
    expect(Date.now() - t).toBeLessThan(8_000);
  });

  it('blowing memory: memory', async () => {
    const r = await run('def evaluate_aux(results_dir, primary_result):\n    x = bytearray(8 * 1024 ** 3)\n    return {"n": len(x)}\n');
    expect(r.status).toBe('memory');
    expect(r.error).toMatch(/MemoryError/);
  });
});
