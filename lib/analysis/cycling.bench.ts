// Benchmark of the line-level analyses on generated runs.
//   npx tsx lib/analysis/cycling.bench.ts [programs ...]      (default: 10000 100000)
// Programs form a tree (each child edits one of the 50 most recent programs) of ~150-line files
// with 1-8 random line edits per child, drawn partly from a small pool so lines cycle, and 2 %
// crossovers. Seeded, so every run of the benchmark sees the same programs.
// Measured (Node 20, 2 shared cores, --max-old-space-size=2048), analyzeRun wall time:
//   10k programs (51 MB of code):  evoreplay/run 1.1 s, default/run 1.2 s, default/lineage 1.1 s
//   100k programs (488 MB of code): evoreplay/run 8.5 s, default/run 10.7 s, default/lineage 12.2 s;
//   peak RSS 1.26 GB, of which ~0.5 GB is the programs' code itself.
import { analyzeRun } from './analyzeRun';
import type { AnalysisProgram, CyclingScope, Definitions } from '../contracts/analysisTypes';
import { Rng } from './rng';

/** Uniform [0, 1) numbers from the project's seeded generator (lib/analysis/rng.ts). */
function rng(seed: number) {
  const r = new Rng(seed);
  return () => r.next();
}

export function generateRun(n: number, seed = 1): AnalysisProgram[] {
  const rand = rng(seed);
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(rand() * xs.length)];
  const name = (k: number) => k.toString(26).replace(/[0-9]/g, (d) => 'qrstuvwxyz'[Number(d)]);
  const pool = Array.from({ length: 300 }, (_, k) => `    value_${name(k)} = compute(state, ${k % 7}.${k % 10}) + offset_${name(k % 13)}`);
  const fresh = () => `    tmp_${Math.floor(rand() * 1e9)} = step(state, ${(rand() * 10).toFixed(3)})  # tuned`;
  const recent: { id: string; lines: string[] }[] = [];
  const programs: AnalysisProgram[] = [];
  const root = ['def solve(state):', ...Array.from({ length: 148 }, (_, k) => `    line_${k} = transform(state, ${k}) // 2`), '    return state'];
  for (let i = 0; i < n; i++) {
    let lines: string[];
    const parentIds: string[] = [];
    if (i === 0) lines = root;
    else {
      const parent = recent[Math.max(0, recent.length - 1 - Math.floor(rand() * Math.min(50, recent.length)))];
      parentIds.push(parent.id);
      if (rand() < 0.02) parentIds.push(pick(recent).id);
      lines = parent.lines.slice();
      for (let e = 1 + Math.floor(rand() * 8); e > 0; e--) {
        const at = 1 + Math.floor(rand() * (lines.length - 2));
        const r = rand();
        const line = rand() < 0.5 ? pick(pool) : fresh();
        if (r < 0.35 && lines.length > 20) lines.splice(at, 1);
        else if (r < 0.7) lines.splice(at, 0, line);
        else lines[at] = line;
      }
    }
    const id = `p${String(i).padStart(6, '0')}`;
    programs.push({
      id,
      parentIds,
      iteration: i,
      timestamp: i,
      seq: i,
      code: lines.join('\n'),
      valid: true,
      score: rand(),
      language: 'python',
    });
    recent.push({ id, lines });
    if (recent.length > 200) recent.shift();
  }
  return programs;
}

function main() {
  const sizes = process.argv.slice(2).map(Number);
  for (const n of sizes.length ? sizes : [10_000, 100_000]) {
    const t0 = performance.now();
    const programs = generateRun(n);
    const bytes = programs.reduce((s, p) => s + p.code.length, 0);
    console.log(`${n} programs, ${(bytes / 1e6).toFixed(0)} MB of code, generated in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
    for (const [definitions, scope] of [['evoreplay', 'run'], ['default', 'run'], ['default', 'lineage']] as [Definitions, CyclingScope][]) {
      const t = performance.now();
      const cpu = process.cpuUsage();
      const r = analyzeRun(programs, { definitions, scope });
      const used = process.cpuUsage(cpu);
      const s = r.summary;
      const rss = process.memoryUsage().rss / 1e6;
      console.log(
        `  ${definitions}/${scope}: ${((performance.now() - t) / 1000).toFixed(2)} s wall, ` +
          `${((used.user + used.system) / 1e6).toFixed(2)} s cpu, rss ${rss.toFixed(0)} MB; ` +
          `edits ${s.editsAnalysed}, added ${s.totalAdded}, recycled ${s.recycledAdded}, events ${s.cycleEvents}, ` +
          `literal/tuning/trivial ${s.literal}/${s.tuning}/${s.trivial}`,
      );
    }
  }
}

if (process.argv[1]?.endsWith('cycling.bench.ts')) main();
