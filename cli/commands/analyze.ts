// `evoscope analyze <dir|archive|runId> [--definitions default|evoreplay] [--scope run|lineage] [--json]`
// Runs the cycling / composition / lineage analyses on a run folder (no database needed) or on
// a stored run, and prints one JSON object per run: { run, definitions, scope, summary, edits }.
import fs from 'node:fs';
import { analyzeRun } from '../../lib/analysis/analyzeRun';
import { analysisProgramsFromRecords } from '../../lib/analysis/fromTrace';
import type { AnalysisProgram, CyclingScope, Definitions } from '../../lib/contracts/analysisTypes';
import { loadAnalysisPrograms } from '../../lib/services/analyses/runAnalyses';
import { readRunsFromInput } from '../../lib/services/import/importPipeline';
import { parseArgs, UsageError } from '../args';
import { withDatabase } from '../withDatabase';

export interface AnalyzeArgs {
  target: string;
  definitions: Definitions;
  scope: CyclingScope;
  json: boolean;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function parseAnalyzeArgs(args: string[]): AnalyzeArgs {
  const a = parseArgs(args, { values: ['definitions', 'scope'], switches: ['json'], positional: 'run' });
  if (!a.positional) throw new UsageError('analyze needs a <dir> or a <runId>');
  const definitions = a.values.definitions ?? 'default';
  if (definitions !== 'default' && definitions !== 'evoreplay') throw new UsageError('--definitions must be default or evoreplay');
  const scope = a.values.scope;
  if (scope !== undefined && scope !== 'run' && scope !== 'lineage') throw new UsageError('--scope must be run or lineage');
  // EvoReplay's detect_cycling is run-wide; Evoscope's default follows the paper's lineage text.
  return {
    target: a.positional,
    definitions,
    scope: scope ?? (definitions === 'evoreplay' ? 'run' : 'lineage'),
    json: a.switches.has('json'),
  };
}

async function programsOf(target: string, log: (l: string) => void): Promise<{ name: string; programs: AnalysisProgram[]; higherIsBetter: boolean }[]> {
  if (UUID.test(target) && !fs.existsSync(target)) {
    return withDatabase(log, async () => {
      const loaded = await loadAnalysisPrograms(target);
      if (!loaded) throw new Error(`no run with id ${target}`);
      return [{ name: target, programs: loaded.programs, higherIsBetter: loaded.higherIsBetter }];
    });
  }
  // A folder, a run file or an archive, unpacked through the same safe pipeline as `import`;
  // prompts, artifacts and `solution` copies are not read.
  const runs = await readRunsFromInput(target, { forAnalysis: true });
  return runs.map((r) => ({ name: r.run.name, programs: analysisProgramsFromRecords(r.programs), higherIsBetter: r.run.higherIsBetter ?? true }));
}

export async function analyzeCommand(args: AnalyzeArgs, log: (l: string) => void) {
  for (const run of await programsOf(args.target, log)) {
    const started = Date.now();
    const { summary, edits } = analyzeRun(run.programs, { definitions: args.definitions, scope: args.scope, higherIsBetter: run.higherIsBetter });
    log(`analysed "${run.name}" (${run.programs.length} programs) in ${Date.now() - started} ms`);
    if (args.json) {
      process.stdout.write(`${JSON.stringify({ run: run.name, definitions: args.definitions, scope: args.scope, summary, edits })}\n`);
      continue;
    }
    const pct = (x: number | null) => (x == null ? 'n/a' : `${(100 * x).toFixed(1)} %`);
    process.stdout.write(
      [
        `${run.name}: ${summary.programs} programs, ${summary.editsAnalysed} edits (${args.definitions} definitions, ${args.scope} scope)`,
        `  recycled added lines: ${summary.recycledAdded} / ${summary.totalAdded} (${pct(summary.recycledShare)}); ${summary.cycleEvents} cycle events over ${summary.uniqueCycledLines} lines`,
        `  classes: literal ${summary.literal}, tuning ${summary.tuning}, trivial ${summary.trivial}; median span ${summary.medianSpan ?? 'n/a'}`,
        `  composition: ${Object.entries(summary.composition).map(([k, v]) => `${k} ${v}`).join(', ')}`,
        `  best-so-far events ${summary.bestSoFarEvents}; final best lineage depth ${summary.finalBestLineageDepth ?? 'n/a'}; dead branches ${pct(summary.deadBranchShare)}`,
        '',
      ].join('\n'),
    );
  }
}
