// `evoscope replay <runId> <programId> [--n N] [--variant exact,no_history,...] [--model M]
//  [--temperature T] [--resume EXPERIMENT] [--json]`
// Re-sends the stored prompt of a program N times per variant to the configured LLM (Settings ·
// LLM or EVOSCOPE_LLM_*), reads each reply as the run's framework would, evaluates it against
// the run's evaluator in sandboxes, and reports Table 3's figures per variant. Runs in this
// process (no worker needed) with the worker's code (lib/services/experiments/runExperiment.ts); the experiment is
// stored as the page's would be. --resume continues a stored replay (failed, cancelled or
// interrupted) without asking again for the trials it already has. Progress on stderr; stdout
// gets one JSON object (--json) or a table. Ctrl-C cancels.
import { runParamsSchema } from '../../lib/contracts/api/params';
import { runExists } from '../../lib/db/cyclingReports';
import { createExperiment, ExperimentInputError, getExperiment, listCalls, resumeExperiment } from '../../lib/db/experiments';
import { resolveProgramRef } from '../../lib/db/programs';
import { REPLAY_VARIANTS, replayParamsSchema, type ReplayParams, type ReplayReport, type ReplayVariant } from '../../lib/contracts/interventionTypes';
import { parseArgs, UsageError } from '../args';
import { withDatabase } from '../withDatabase';
import { runInForeground } from '../foregroundExperiment';

export interface ReplayArgs {
  runId: string;
  program: string;
  params: ReplayParams;
  resume?: string;
  json: boolean;
}

export function parseReplayArgs(args: string[]): ReplayArgs {
  const [first, ...rest] = args;
  if (!first || first.startsWith('--')) throw new UsageError('replay needs a <runId> first');
  const id = runParamsSchema.safeParse({ runId: first.trim().toLowerCase() });
  if (!id.success) throw new UsageError(`replay: '${first}' is not a run id (a UUID, as the runs list links show)`);
  const a = parseArgs(rest, { values: ['n', 'variant', 'model', 'temperature', 'resume'], switches: ['json'], positional: 'program' });
  if (a.positional === undefined) throw new UsageError('replay needs a <programId> after the run id');
  const variants = a.values.variant?.split(',').map((v) => v.trim()).filter(Boolean);
  const bad = variants?.filter((v) => !(REPLAY_VARIANTS as readonly string[]).includes(v));
  if (bad?.length) throw new UsageError(`--variant: unknown ${bad.join(', ')} (one of ${REPLAY_VARIANTS.join(', ')})`);
  const parsed = replayParamsSchema.safeParse({
    ...(a.values.n !== undefined ? { n: Number(a.values.n) } : {}),
    ...(variants ? { variants: variants as ReplayVariant[] } : {}),
    ...(a.values.model ? { model: a.values.model } : {}),
    ...(a.values.temperature !== undefined ? { temperature: Number(a.values.temperature) } : {}),
  });
  if (!parsed.success) throw new UsageError(`replay: ${parsed.error.issues.map((i) => `--${i.path.join('.') || 'n'} ${i.message}`).join('; ')}`);
  return { runId: id.data.runId, program: a.positional, params: parsed.data, resume: a.values.resume, json: a.switches.has('json') };
}

const pct = (x: number) => `${(100 * x).toFixed(0)}%`;
const num = (x: number | null) => (x === null ? '—' : x.toFixed(4));

/** Exit code 0 when the replay ran to its end (whatever the trials gave), 1 otherwise. */
export async function replayCommand(args: ReplayArgs, log: (l: string) => void) {
  return withDatabase(log, async () => {
    if (!(await runExists(args.runId))) {
      log(`replay failed: no run ${args.runId}`);
      process.exitCode = 1;
      return;
    }
    let experimentId: string;
    if (args.resume) {
      const x = await resumeExperiment(args.runId, args.resume);
      if (!x || x.kind !== 'replay') {
        log(`replay failed: no replay ${args.resume} in run ${args.runId}`);
        process.exitCode = 1;
        return;
      }
      // An experiment interrupted mid-run (the process died) is still 'running': run it again.
      experimentId = x.id;
    } else {
      const found = await resolveProgramRef(args.runId, args.program);
      if (!found || 'ambiguous' in found) {
        log(`replay failed: ${!found ? `no program '${args.program}' in run ${args.runId}` : `'${args.program}' matches several programs: ${found.ambiguous.join(', ')}`}`);
        process.exitCode = 1;
        return;
      }
      try {
        experimentId = (await createExperiment({ runId: args.runId, programId: found.id, params: { kind: 'replay', ...args.params } })).id;
      } catch (e) {
        if (!(e instanceof ExperimentInputError)) throw e;
        log(`replay failed: ${e.message}`);
        process.exitCode = 1;
        return;
      }
    }
    log(`replay ${experimentId}: ${args.params.variants.join(', ')} x ${args.params.n} trial(s)`);
    let last = -1;
    await runInForeground(args.runId, experimentId, log, ({ done, total }) => {
      if (done !== last) log(`${(last = done)}/${total} trials done`);
    });
    const x = (await getExperiment(args.runId, experimentId))!;
    if (x.done !== last) log(`${x.done}/${x.total} trials done`);
    if (x.status !== 'done') {
      log(`replay ${x.status}: ${x.error ?? `${x.done}/${x.total} trials`}`);
      process.exitCode = 1;
    }
    const report = x.result as ReplayReport | null;
    const trials = (await listCalls(experimentId)).map((c) => ({ idx: c.idx, status: c.status, score: c.score, ...(c.facts ?? {}) }));
    if (args.json) {
      process.stdout.write(`${JSON.stringify({ experimentId, status: x.status, error: x.error, done: x.done, total: x.total, report, trials })}\n`);
      return;
    }
    process.stdout.write(`replay ${experimentId}: ${x.status}, ${x.done}/${x.total} trials, model ${report?.model ?? '—'}, original ${num(report?.originalScore ?? null)}\n`);
    for (const v of report?.variants ?? []) {
      const note = report?.notes?.find((n) => n.variant === v.variant);
      process.stdout.write(
        `  ${v.variant.padEnd(18)} parse ${pct(v.parseSuccess)}  eval ${pct(v.evalSuccess)}  exact ${pct(v.exactMatch)} (normalised ${pct(v.normalisedMatch)})  ratio ${num(v.scoreRatio)}` +
          `  better ${v.outcomes.better} similar ${v.outcomes.similar} beats-parent ${v.outcomes['beats-parent']} worse ${v.outcomes.worse} failed ${v.outcomes.failed}${note && !note.changed ? `  (${note.note})` : ''}\n`,
      );
    }
  });
}
