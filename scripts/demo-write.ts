// `npx tsx scripts/demo-write.ts <outDir> [seedOffset]`: writes both demo runs in OpenEvolve's
// (the C++ one with the eval agent's folder beside it, lib/services/demo/evalAgent)
// raw layout (<outDir>/<task>/openevolve_output/...) with the task's initial program and real
// evaluator beside it (<outDir>/<task>/evaluator.py and data files; a private test set in
// <outDir>/<task>_private/), for benchmarks and manual checks. Every program is scored by that
// evaluator (results cached under the data folder).
import path from 'node:path';
import { generateDemoRuns } from '../lib/services/demo/demoRuns';
import { demoScorer } from '../lib/services/demo/score';
import { describeSummary, summarizeRun } from '../lib/services/demo/stats';
import { writeTaskFiles } from '../lib/services/demo/taskFolder';
import { writeOpenEvolveRun } from '../lib/services/demo/writeOpenEvolveRun';
import { addEvalAgent } from '../lib/services/demo/evalAgent/addEvalAgent';
import { demoAuxRunner } from '../lib/services/demo/evalAgent/runAux';
import { writeEvalAgentFolder } from '../lib/services/demo/evalAgent/writeEvalAgent';

const [outDir, offset = '0'] = process.argv.slice(2);
if (!outDir) {
  process.stderr.write('usage: npx tsx scripts/demo-write.ts <outDir> [seedOffset]\n');
  process.exit(2);
}
const t0 = performance.now();
const stats = { evaluated: 0, cached: 0 };
const runs = await generateDemoRuns({ seedOffset: Number(offset), score: demoScorer({ stats }) });
const t1 = performance.now();
for (const run of runs) {
  const base = path.resolve(outDir, run.config.template.task);
  // As loadDemoData: the C++ run carries the eval agent's folder (eval_agent_memory/).
  if (run.config.template.evaluator === 'ahc_routing') {
    writeEvalAgentFolder(await addEvalAgent(run, { score: demoScorer({ stats }), aux: demoAuxRunner({ stats }) }), base);
  }
  const w = writeOpenEvolveRun(run, base);
  const task = writeTaskFiles(run, base);
  process.stdout.write(`${describeSummary(run.config.name, summarizeRun(run))}\n  -> ${w.outputDir} (${w.files} files, ${(w.bytes / 1e6).toFixed(1)} MB)\n`);
  if (task.privateDir) process.stdout.write(`  private test set -> ${task.privateDir}\n`);
}
process.stdout.write(
  `generated in ${Math.round(t1 - t0)} ms (${stats.evaluated} programs evaluated, ${stats.cached} from the cache), written in ${Math.round(performance.now() - t1)} ms\n`,
);
