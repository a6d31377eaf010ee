// Benchmark of programComplexity / complexitySeries on generated programs.
//   npx tsx lib/analysis/complexity.bench.ts [programs per language]      (default 10000)
// Each language gets that many distinct ~100-line programs (seeded, so every run sees the same
// ones): functions with nested loops and branches, assignments and calls with random literals,
// comments and strings. Reports parse + walk time per program, then a complexitySeries pass over
// a run whose sources repeat (the cache by sha256 measures each distinct source once).
import { initParsers, programComplexity } from './complexity';
import { complexitySeries, type ComplexityInput } from './complexitySeries';
import { Rng } from './rng';

/** Uniform [0, 1) numbers from the project's seeded generator (lib/analysis/rng.ts). */
function rng(seed: number) {
  const r = new Rng(seed);
  return () => r.next();
}

type Rand = () => number;
const lit = (r: Rand) => [String(Math.floor(r() * 1000)), (r() * 10).toFixed(3), `1e-${1 + Math.floor(r() * 9)}`, '0.5', '2'][Math.floor(r() * 5)];

function pythonProgram(r: Rand, lines = 100): string {
  const out = ['import numpy as np', '', `"""Generated program ${Math.floor(r() * 1e9)}."""`, ''];
  let f = 0;
  while (out.length < lines) {
    out.push(`def step_${f++}(state, rate=${lit(r)}):`, `    # tuned at ${lit(r)}`);
    out.push(`    best = np.zeros((${Math.floor(r() * 50)}, 3))`);
    out.push(`    for i in range(${lit(r)}):`);
    for (let k = 0; k < 3; k++) {
      out.push(`        if state[i % ${Math.floor(r() * 9) + 2}] < ${lit(r)}:`);
      out.push(`            best[i, 0] = state[i] * ${lit(r)} + rate ** 2  # note ${lit(r)}`);
      out.push(`            state = np.clip(state + ${lit(r)} * np.random.normal(0, ${lit(r)}), -1, 1)`);
      out.push(`        else:`, `            best[0, 1] += "label ${lit(r)}".count("x") / 2`);
    }
    out.push(`    return best.sum(axis=0) * ${lit(r)}`, '');
  }
  return out.slice(0, lines).join('\n') + '\n';
}

function cppProgram(r: Rand, lines = 100): string {
  const out = ['#include <vector>', '#include <cmath>', `#define TIME_LIMIT ${lit(r)}`, 'using namespace std;', ''];
  let f = 0;
  while (out.length < lines) {
    out.push(`double step_${f++}(vector<double>& s, double rate = ${lit(r)}) {`, `  // tuned at ${lit(r)}`);
    out.push(`  double best[${Math.floor(r() * 50) + 1}] = {0};`);
    out.push(`  for (int i = 0; i < ${lit(r)}; ++i) {`);
    for (let k = 0; k < 3; k++) {
      out.push(`    if (s[i % ${Math.floor(r() * 9) + 2}] < ${lit(r)}f) {`);
      out.push(`      best[0] = s[i] * ${lit(r)} + pow(rate, 2);  /* note ${lit(r)} */`);
      out.push(`      s[i] = min(1.0, s[i] + ${lit(r)} * (rand() % 1000) / 1000.0);`);
      out.push(`    } else {`, `      best[1] += (i >> 2) + string("label ${lit(r)}").size() / 2;`, '    }');
    }
    out.push('  }', `  return best[0] * ${lit(r)};`, '}', '');
  }
  return out.slice(0, lines).join('\n') + '\n';
}

function quantile(sorted: number[], q: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
}

async function main() {
  const n = Number(process.argv[2] ?? 10000);
  let t = performance.now();
  await initParsers();
  console.log(`initParsers: ${(performance.now() - t).toFixed(0)} ms`);

  for (const [lang, gen] of [['python', pythonProgram], ['cpp', cppProgram]] as const) {
    const r = rng(lang === 'python' ? 1 : 2);
    const programs = Array.from({ length: n }, () => gen(r));
    const bytes = programs.reduce((a, p) => a + p.length, 0);
    for (let i = 0; i < 200; i++) programComplexity(programs[i], lang); // warm up the wasm tiers
    const times: number[] = [];
    let literals = 0;
    const start = performance.now();
    for (const p of programs) {
      const t0 = performance.now();
      literals += programComplexity(p, lang).numericLiterals;
      times.push(performance.now() - t0);
    }
    const total = performance.now() - start;
    times.sort((a, b) => a - b);
    console.log(
      `${lang}: ${n} distinct programs of 100 lines (${(bytes / n / 1024).toFixed(1)} KiB avg), ${(total / 1000).toFixed(2)} s total; ` +
        `per program mean ${(total / n).toFixed(2)} ms, p50 ${quantile(times, 0.5).toFixed(2)}, p95 ${quantile(times, 0.95).toFixed(2)}, ` +
        `max ${times[times.length - 1].toFixed(1)} ms; ${(literals / n).toFixed(0)} literals/program`,
    );

    // A run of 10x as many programs drawn from the distinct sources: the cache measures each once.
    const run: ComplexityInput[] = Array.from({ length: n * 10 }, (_, i) => ({
      seq: i,
      iteration: i,
      code: programs[Math.floor(r() * Math.max(1, n / 10))],
      language: lang,
      valid: r() < 0.8,
    }));
    t = performance.now();
    const series = complexitySeries(run);
    console.log(
      `  complexitySeries over ${run.length} programs (${Math.ceil(n / 10)} distinct sources): ${(performance.now() - t).toFixed(0)} ms, ` +
        `${series.buckets.length} buckets of ${series.bucketSize} iterations`,
    );
  }
  // Trees live in WebAssembly memory and are freed explicitly: RSS must not grow with the count.
  console.log(`rss ${(process.memoryUsage().rss / 2 ** 20).toFixed(0)} MiB`);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
