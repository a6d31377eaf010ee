// `npx tsx scripts/demo-write.ts <outDir> [seedOffset]`: writes both demo runs in OpenEvolve's
// raw layout (<outDir>/<task>/openevolve_output/...), for benchmarks and manual checks.
import path from 'node:path';
import { generateDemoRuns } from '../lib/demo/demoRuns';
import { describeSummary, summarizeRun } from '../lib/demo/stats';
import { writeOpenEvolveRun } from '../lib/demo/writeOpenEvolveRun';

const [outDir, offset = '0'] = process.argv.slice(2);
if (!outDir) {
  process.stderr.write('usage: npx tsx scripts/demo-write.ts <outDir> [seedOffset]\n');
  process.exit(2);
}
const t0 = performance.now();
const runs = generateDemoRuns(Number(offset));
const t1 = performance.now();
for (const run of runs) {
  const w = writeOpenEvolveRun(run, path.resolve(outDir, run.config.template.task));
  process.stdout.write(`${describeSummary(run.config.name, summarizeRun(run))}\n  -> ${w.outputDir} (${w.files} files, ${(w.bytes / 1e6).toFixed(1)} MB)\n`);
}
process.stdout.write(`generated in ${Math.round(t1 - t0)} ms, written in ${Math.round(performance.now() - t1)} ms\n`);
