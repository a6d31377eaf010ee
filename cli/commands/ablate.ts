// `evoscope ablate <runId> <programId> [--parent <id>] [--no-functions] [--json]`
// Ablates the edit parent -> program (issue 11 item 3) in this process, with the experiment code
// the worker runs (lib/services/experiments/runExperiment.ts): each hunk undone alone, each touched function put
// back to the parent's (Python, C++; not with --no-functions), and the parent, evaluated in the
// sandbox against the run's evaluator. The experiment is stored like one started from the page.
// Progress on stderr; stdout gets the experiment (its report in `result`, --json) or a table.
// Ctrl-C cancels it (resumable from the page or the API).
import { runParamsSchema } from '../../lib/contracts/api/params';
import { runExists } from '../../lib/db/cyclingReports';
import { cancelExperiment, createExperiment, ExperimentInputError } from '../../lib/db/experiments';
import { resolveProgramRef } from '../../lib/db/programs';
import { runExperiment } from '../../lib/services/experiments/runExperiment';
import type { AblationReport } from '../../lib/contracts/interventionTypes';
import { parseArgs, UsageError } from '../args';
import { withDatabase } from '../withDatabase';

export interface AblateArgs {
  runId: string;
  program: string;
  parent?: string;
  functions: boolean;
  json: boolean;
}

export function parseAblateArgs(args: string[]): AblateArgs {
  const [first, ...rest] = args;
  if (!first || first.startsWith('--')) throw new UsageError('ablate needs a <runId> first');
  const id = runParamsSchema.safeParse({ runId: first.trim().toLowerCase() });
  if (!id.success) throw new UsageError(`ablate: '${first}' is not a run id (a UUID, as the runs list links show)`);
  const a = parseArgs(rest, { values: ['parent'], switches: ['no-functions', 'json'], positional: 'program' });
  if (a.positional === undefined) throw new UsageError('ablate needs a <programId> after the run id');
  return { runId: id.data.runId, program: a.positional, parent: a.values.parent, functions: !a.switches.has('no-functions'), json: a.switches.has('json') };
}

async function programIdOf(runId: string, ref: string): Promise<string> {
  const found = await resolveProgramRef(runId, ref);
  if (!found) throw new ExperimentInputError(404, `no program '${ref}' in run ${runId} (give its id as the source names it, or our uuid)`);
  if ('ambiguous' in found) throw new ExperimentInputError(400, `'${ref}' matches several programs: ${found.ambiguous.join(', ')}${found.more ? ', ...' : ''}`);
  return found.id;
}

const fmt = (x: number | null | undefined) => (x === null || x === undefined ? '—' : String(x));

/** Exit code 0 when the ablation ran to its end (whatever each variant scored), 1 otherwise. */
export async function ablateCommand(args: AblateArgs, log: (l: string) => void) {
  return withDatabase(log, async () => {
    if (!(await runExists(args.runId))) {
      log(`ablate failed: no run ${args.runId}`);
      process.exitCode = 1;
      return;
    }
    let created;
    try {
      const programId = await programIdOf(args.runId, args.program);
      const parentId = args.parent === undefined ? undefined : await programIdOf(args.runId, args.parent);
      created = await createExperiment({ runId: args.runId, programId, params: { kind: 'ablate', parentId, functions: args.functions } });
    } catch (e) {
      if (!(e instanceof ExperimentInputError)) throw e;
      log(`ablate failed: ${e.message}`);
      process.exitCode = 1;
      return;
    }
    const cancel = () => {
      log('cancelling (Ctrl-C)...');
      void cancelExperiment(args.runId, created.id);
    };
    process.once('SIGINT', cancel);
    let x;
    try {
      x = (await runExperiment(created.id, { log })) ?? created;
    } finally {
      process.removeListener('SIGINT', cancel);
    }
    if (x.status !== 'done') {
      log(`ablate ${x.status}: ${x.error ?? `${x.done}/${x.total} evaluated`}`);
      process.exitCode = 1;
    }
    if (args.json) {
      process.stdout.write(`${JSON.stringify(x)}\n`);
      return;
    }
    const r = x.result as AblationReport | null;
    process.stdout.write(`experiment ${x.id}: ${x.status}, ${x.done}/${x.total} evaluated, ${x.failed} not ok\n`);
    if (!r) return;
    process.stdout.write(`  parent ${fmt(r.parentScore)}  child ${fmt(r.childScore)}  tolerance ${r.tolerance}  labels ${r.labels.join(', ') || '—'}\n`);
    for (const v of r.variants) {
      process.stdout.write(`  ${v.verdict.padEnd(8)} ${v.label}  ${v.header}  score ${fmt(v.score)} (${v.status})  contribution ${fmt(v.contribution)}\n`);
    }
  });
}
