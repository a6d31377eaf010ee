// One measured `analyze` in a fresh process, as `evoscope analyze <dir>` does it:
//   node --max-old-space-size=2048 --import tsx scripts/bench/analyzeOnce.ts <dir> [definitions] [scope]
// Prints one JSON object: programs, wall time of reading and of the analyses, peak RSS.
import { analyzeRun } from '../../lib/analysis/analyzeRun';
import { analysisProgramsFromRecords } from '../../lib/analysis/fromTrace';
import type { CyclingScope, Definitions } from '../../lib/contracts/analysisTypes';
import { readRunsFromPath } from '../../lib/importers';

const [dir, definitions = 'default', scope = 'lineage'] = process.argv.slice(2);
const t0 = performance.now();
const [run] = await readRunsFromPath(dir, { forAnalysis: true });
const programs = analysisProgramsFromRecords(run.programs);
run.programs.length = 0; // the records are no longer needed
const t1 = performance.now();
const { summary } = analyzeRun(programs, { definitions: definitions as Definitions, scope: scope as CyclingScope });
const t2 = performance.now();
process.stdout.write(
  JSON.stringify({
    programs: summary.programs,
    definitions,
    scope,
    readMs: Math.round(t1 - t0),
    analyzeMs: Math.round(t2 - t1),
    totalMs: Math.round(t2 - t0),
    peakRssMB: Math.round(process.resourceUsage().maxRSS / 1024),
    recycledShare: summary.recycledShare,
  }) + '\n',
);
