// The agent's tools with real bubblewrap, g++ and python3: a variant run on stdin and input files
// it writes, a C++ program compiled and run, compile errors returned, bad arguments and paths
// climbing out refused as error texts, the evaluator run on a variant (the demo's circle-packing
// evaluator), and read_test_results answered by the injected reader.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { demoEvaluatorBundle } from '../demo/evaluators/bundles';
import { seed } from '../demo/programs/pythonCode';
import { evaluateProgram } from '../../sandbox/evaluators/evaluate';
import { runDiagnosisTool, type ToolContext } from './tools';

let dir: string;
beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'evoscope-tools-test-'));
  process.env.EVOSCOPE_DATA_DIR = dir;
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

const CPP = '#include <iostream>\nint main(){ long long n; std::cin >> n; std::cout << n * 191 << std::endl; }\n';
const bundle = demoEvaluatorBundle('circle_packing');
const ctx = (program: { source: string; language: string }): ToolContext => ({
  program,
  evaluate: (source) => evaluateProgram(bundle, { source, language: 'python' }),
  readResults: async (p) => (p === undefined || p === 'best' ? 'score: 0.5\nmetrics: {"cases": [1, 2]}' : null),
});

it('run_program runs the diagnosed C++ program on stdin, and a Python variant on files it wrote', async () => {
  const r = await runDiagnosisTool(ctx({ source: CPP, language: 'cpp' }), 'run_program', { stdin: '7\n' });
  expect(r.status).toBe('ok');
  expect(r.sandboxStatus).toBe('ok');
  expect(r.text).toMatch(/status: ok, exit code 0/);
  expect(r.text).toContain('stdout (5 bytes):\n1337\n');
  expect(r.wallMs).toBeGreaterThan(0);
  const v = await runDiagnosisTool(ctx({ source: CPP, language: 'cpp' }), 'run_program', {
    source: "import sys\nprint(sum(int(x) for x in open('data/in.txt').read().split()) * int(sys.argv[1]))",
    language: 'python',
    files: [{ path: 'data/in.txt', content: '1 2 3' }],
    args: ['100'],
  });
  expect(v.text).toContain('stdout (4 bytes):\n600\n');
  expect(v.source).toMatch(/^import sys/);
});

it('compile_program returns the compiler errors, and py_compile for Python', async () => {
  const bad = await runDiagnosisTool(ctx({ source: 'int main( {', language: 'cpp' }), 'compile_program', {});
  expect(bad.status).toBe('error');
  expect(bad.text).toMatch(/^compile error\n[\s\S]*error/);
  const good = await runDiagnosisTool(ctx({ source: CPP, language: 'cpp' }), 'compile_program', {});
  expect(good.text).toMatch(/^compiled: g\+\+ -O2 -std=gnu\+\+17/);
  const py = await runDiagnosisTool(ctx({ source: 'def f(:\n', language: 'python' }), 'compile_program', {});
  expect(py.status).toBe('error');
  expect(py.text).toMatch(/SyntaxError/);
});

it('refuses bad arguments and file paths climbing out, as error texts', async () => {
  const c = ctx({ source: CPP, language: 'cpp' });
  expect((await runDiagnosisTool(c, 'run_program', { stdin: 5 })).text).toMatch(/^error: bad arguments for run_program: stdin/);
  expect((await runDiagnosisTool(c, 'run_program', 'nonsense')).status).toBe('error');
  const out = await runDiagnosisTool(c, 'run_program', { source: 'print(1)', language: 'python', files: [{ path: '../../etc/x', content: 'x' }] });
  expect(out.status).toBe('error');
  expect(out.text).toMatch(/not a plain relative path/);
});

it('evaluate_program runs the evaluator on a variant; read_test_results reads the stored evaluation', { timeout: 120_000 }, async () => {
  const e = await runDiagnosisTool(ctx({ source: `${seed.join('\n')}\n`, language: 'python' }), 'evaluate_program', {});
  expect(e.status, e.text).toBe('ok');
  expect(e.score).toBeGreaterThan(0);
  expect(e.text).toContain(`score: ${e.score}`);
  expect(e.text).toMatch(/metrics: \{.*"combined_score"/);
  const broken = await runDiagnosisTool(ctx({ source: 'x', language: 'python' }), 'evaluate_program', { source: 'raise SystemExit(3)' });
  // The demo evaluator scores a crashing candidate 0 with validity 0 (its own report, not a sandbox failure).
  expect(broken.score).toBe(0);
  expect(broken.text).toContain('"validity":0');
  expect(broken.text).toContain('run_packing() exited with code 3');
  expect((await runDiagnosisTool(ctx({ source: 'x', language: 'python' }), 'read_test_results', {})).text).toContain('"cases": [1, 2]');
  expect((await runDiagnosisTool(ctx({ source: 'x', language: 'python' }), 'read_test_results', { program: 'nope' })).text).toMatch(/^error: no program "nope"/);
});
