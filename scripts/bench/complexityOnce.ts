// Complexity of a stored run as the worker computes it (run-analyses), in a fresh process:
//   node --import tsx scripts/bench/complexityOnce.ts <programs>   (DATABASE_URL set)
// Stores a realistic generated run (lib/services/demo/synthetic.ts REALISTIC), then times: the first
// pass (worker-thread pool, nothing cached), a second pass (content-hash cache hits only), and
// the same distinct sources measured on this one thread, as before. Prints one JSON object.
import { initParsers, programComplexity } from '../../lib/analysis/complexity';
import { disconnect } from '../../lib/db/client';
import { loadAnalysisPrograms, runComplexities } from '../../lib/services/analyses/runAnalyses';
import { storeSyntheticRun } from './storeSyntheticRun';

const n = Number(process.argv[2] ?? 10_000);
const { runId } = await storeSyntheticRun(n, `bench complexity ${n}`);
const loaded = (await loadAnalysisPrograms(runId))!;
let t = performance.now();
const first = await runComplexities(loaded);
const firstMs = performance.now() - t;
t = performance.now();
const second = await runComplexities(loaded);
const secondMs = performance.now() - t;
await disconnect();
await initParsers();
const distinct = [...new Set(loaded.programs.map((p) => p.code))];
t = performance.now();
for (const code of distinct) programComplexity(code, 'python');
const oneThreadMs = performance.now() - t;
process.stdout.write(
  `${JSON.stringify({
    programs: n,
    distinctSources: first.stats.sources,
    oneThreadMs: Math.round(oneThreadMs),
    firstPass: { ms: Math.round(firstMs), ...first.stats },
    secondPass: { ms: Math.round(secondMs), ...second.stats },
    msPer1000Sources: { oneThread: Math.round((oneThreadMs / distinct.length) * 1000), pool: Math.round((firstMs / first.stats.sources) * 1000) },
  })}\n`,
);
