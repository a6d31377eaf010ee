// `npm run bench -- sandbox`: the sandbox's start-up overhead. Prints one JSON object:
// median/p90 over N runs (default 50, BENCH_SANDBOX_RUNS) of
//   - a trivial Python program (`print(1)`) through runProgram, end to end (the caller's view:
//     spawning the supervisor, taking a slot, bwrap's namespaces, python itself, the clean-up);
//   - the same program run bare (/usr/bin/python3 -c 'print(1)', no sandbox), so that the
//     overhead the sandbox adds is the difference of the medians;
//   - a trivial C++ program with a warm compile cache, end to end and bare;
// and the time of a C++ compilation (cache miss) in the sandbox. Run in its own data folder.
import { spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'evoscope-bench-sandbox-'));
process.env.EVOSCOPE_DATA_DIR = dataDir;
const { compileProgram, runProgram } = await import('../../lib/sandbox');

const N = Number(process.env.BENCH_SANDBOX_RUNS ?? 50);
const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * p))];
const summary = (xs: number[]) => ({ medianMs: +pct(xs, 0.5).toFixed(1), p90Ms: +pct(xs, 0.9).toFixed(1) });

async function timed(f: () => Promise<unknown> | unknown) {
  const t = process.hrtime.bigint();
  await f();
  return Number(process.hrtime.bigint() - t) / 1e6;
}

async function series(f: () => Promise<unknown> | unknown) {
  await f(); // warm-up: the supervisor build, the page cache
  const xs: number[] = [];
  for (let i = 0; i < N; i++) xs.push(await timed(f));
  return xs;
}

async function ok(p: Promise<{ status: string; message?: string }>) {
  const r = await p;
  if (r.status !== 'ok') throw new Error(`sandbox run failed: ${r.status} ${r.message ?? ''}`);
}

try {
  const py = await series(() => ok(runProgram({ source: 'print(1)', language: 'python' })));
  const pyBare = await series(() => spawnSync('/usr/bin/python3', ['-c', 'print(1)']));
  const CPP = '#include <cstdio>\nint main() { std::puts("1"); }\n';
  const compiled = await compileProgram(CPP);
  if (!compiled.ok) throw new Error('compiling the trivial C++ program failed');
  const cpp = await series(() => ok(runProgram({ source: CPP, language: 'cpp' })));
  const cppBare = await series(() => spawnSync(compiled.binaryPath));
  const compiles: number[] = [];
  for (let i = 0; i < 3; i++) {
    const src = `// ${crypto.randomUUID()}\n#include <vector>\n#include <algorithm>\nint main() { std::vector<int> v{3, 1, 2}; std::sort(v.begin(), v.end()); return v[0] - 1; }\n`;
    compiles.push(await timed(async () => {
      const c = await compileProgram(src);
      if (!c.ok || c.cached) throw new Error('expected a fresh compilation');
    }));
  }
  const median = (xs: number[]) => pct(xs, 0.5);
  process.stdout.write(`${JSON.stringify({
    runs: N,
    python: summary(py),
    pythonBare: summary(pyBare),
    pythonOverheadMs: +(median(py) - median(pyBare)).toFixed(1),
    cppWarm: summary(cpp),
    cppBare: summary(cppBare),
    cppOverheadMs: +(median(cpp) - median(cppBare)).toFixed(1),
    cppCompileMs: summary(compiles),
    loadAverage: +os.loadavg()[0].toFixed(2),
    cores: os.cpus().length,
  })}\n`);
} finally {
  fs.rmSync(dataDir, { recursive: true, force: true });
}
