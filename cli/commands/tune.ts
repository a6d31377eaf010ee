// `evoscope tune <runId> <programId|best-so-far:K> [--knobs offline|llm] [--calls 24] [--seed S] [--json]`
// The tuning gap of one program (issue 11, the paper's §5.4): finds its knobs, rewrites it with a
// PARAMS block, checks the rewrite reproduces its score, tunes with Bayesian optimisation against
// the run's evaluator, in this process (no worker needed) with the worker's code
// (lib/services/experiments/runExperiment.ts). The experiment is stored as the page's would be. Progress goes to
// stderr; stdout gets one JSON object (--json: the report with the experiment's id and status) or
// a readable summary. Ctrl-C cancels it. Exit code 1 when it does not end done.
import { runParamsSchema } from '../../lib/contracts/api/params';
import { runExists } from '../../lib/db/cyclingReports';
import { bestChainProgramIds } from '../../lib/db/evaluationBatches';
import { cancelExperiment, createExperiment, ExperimentInputError, getExperiment } from '../../lib/db/experiments';
import { resolveProgramRef } from '../../lib/db/programs';
import { runExperiment } from '../../lib/services/experiments/runExperiment';
import { tuneParamsSchema, type TuneReport } from '../../lib/contracts/interventionTypes';
import { parseArgs, UsageError } from '../args';
import { withDatabase } from '../withDatabase';

export interface TuneArgs {
  runId: string;
  program: string;
  knobs: 'offline' | 'llm';
  calls: number;
  seed: number;
  json: boolean;
}

function intFlag(v: string | undefined, name: string, min: number, max: number, dflt: number) {
  if (v === undefined) return dflt;
  const n = Number(v);
  if (!Number.isInteger(n) || n < min || n > max) throw new UsageError(`--${name} must be an integer from ${min} to ${max}`);
  return n;
}

export function parseTuneArgs(args: string[]): TuneArgs {
  const [first, ...rest] = args;
  if (!first || first.startsWith('--')) throw new UsageError('tune needs a <runId> first');
  const id = runParamsSchema.safeParse({ runId: first.trim().toLowerCase() });
  if (!id.success) throw new UsageError(`tune: '${first}' is not a run id (a UUID, as the runs list links show)`);
  const a = parseArgs(rest, { values: ['knobs', 'calls', 'seed'], switches: ['json'], positional: 'program' });
  if (!a.positional) throw new UsageError('tune needs a <programId> (or best-so-far:K, the K-th best-so-far event)');
  const knobs = a.values.knobs ?? 'offline';
  if (knobs !== 'offline' && knobs !== 'llm') throw new UsageError('--knobs must be offline or llm');
  return {
    runId: id.data.runId,
    program: a.positional,
    knobs,
    calls: intFlag(a.values.calls, 'calls', 2, 200, 24),
    seed: intFlag(a.values.seed, 'seed', 0, 2 ** 31 - 1, 0),
    json: a.switches.has('json'),
  };
}

/** Our uuid of a program named by the source's id, our uuid, or best-so-far:K (1 = the first event). */
async function programIdOf(runId: string, ref: string): Promise<string> {
  const k = /^best-so-far:(\d+)$/.exec(ref);
  if (k) {
    const chain = await bestChainProgramIds(runId);
    const i = Number(k[1]);
    if (i < 1 || i > chain.length) throw new ExperimentInputError(404, `the run has ${chain.length} best-so-far event(s): best-so-far:${i} is not one`);
    return chain[i - 1];
  }
  const found = await resolveProgramRef(runId, ref);
  if (!found) throw new ExperimentInputError(404, `no program '${ref}' in run ${runId} (give its id as the source names it, or our uuid)`);
  if ('ambiguous' in found) throw new ExperimentInputError(400, `'${ref}' matches several programs: ${found.ambiguous.join(', ')}${found.more ? ', ...' : ''}`);
  return found.id;
}

/** Six significant digits, no trailing zeros. */
const fmt = (x: number | null | undefined) => (x === null || x === undefined ? '—' : String(Number(x.toPrecision(6))));
/** Every digit: the check is exact, so the summary shows what was compared. */
const exact = (x: number | null | undefined) => (x === null || x === undefined ? '—' : String(x));
const BARS = '▁▂▃▄▅▆▇█';

/** One character per call: its score's height between the worst and best seen (· for a failed call). */
export function sparkline(scores: (number | null)[]): string {
  const ok = scores.filter((s): s is number => s !== null);
  if (!ok.length) return scores.map(() => '·').join('');
  const lo = Math.min(...ok);
  const hi = Math.max(...ok);
  return scores.map((s) => (s === null ? '·' : BARS[hi === lo ? BARS.length - 1 : Math.round(((s - lo) / (hi - lo)) * (BARS.length - 1))])).join('');
}

function summary(r: TuneReport, head: string): string {
  const lines = [head];
  lines.push(`knobs (${r.language}, ${r.knobs.length}):`);
  const w = Math.max(4, ...r.knobs.map((k) => k.name.length));
  lines.push(`  ${'name'.padEnd(w)}  ${'line'.padStart(5)}  ${'default'.padStart(10)}  ${'interval'.padEnd(24)}  scale   type   tuned`);
  for (const k of r.knobs) {
    const iv = `[${fmt(k.low)}, ${fmt(k.high)}]`;
    lines.push(`  ${k.name.padEnd(w)}  ${String(k.line).padStart(5)}  ${k.sourceLiteral.padStart(10)}  ${iv.padEnd(24)}  ${k.scale.padEnd(6)}  ${k.type.padEnd(5)}  ${fmt(r.bestParams?.[k.name])}`);
  }
  lines.push(`original ${exact(r.originalScore)}; rewrite with the defaults ${exact(r.rewriteScore)} (${r.rewriteReproduces ? 'reproduces it exactly' : 'DOES NOT reproduce it'})`);
  lines.push(`score per call (${r.higherIsBetter ? 'higher' : 'lower'} is better): ${sparkline(r.calls.map((c) => c.score))}`);
  lines.push(`best so far:                    ${sparkline(r.bestSoFar)}`);
  for (const c of r.calls) lines.push(`  ${String(c.idx).padStart(3)}  ${c.phase.padEnd(7)}  ${c.status === 'ok' ? fmt(c.score) : c.status}`);
  lines.push(`tuning ceiling ${fmt(r.ceiling)} (improvement over the original ${fmt(r.improvement)})`);
  lines.push(`run's final best ${fmt(r.runFinalBest)}; gap (final best - ceiling, positive = better direction) ${fmt(r.gap)}; share of the later gain recovered ${fmt(r.recoveredShare)}`);
  lines.push(`the tuned program ${r.beatsFinalBest ? 'beats' : r.matchesFinalBest ? 'matches' : 'does not reach'} the run's final best`);
  return lines.join('\n');
}

export async function tuneCommand(args: TuneArgs, log: (l: string) => void) {
  return withDatabase(log, async () => {
    if (!(await runExists(args.runId))) {
      log(`tune failed: no run ${args.runId}`);
      process.exitCode = 1;
      return;
    }
    let created;
    try {
      const programId = await programIdOf(args.runId, args.program);
      created = await createExperiment({
        runId: args.runId,
        programId,
        params: { kind: 'tune', ...tuneParamsSchema.parse({ knobSource: args.knobs, calls: args.calls, seed: args.seed }) },
      });
    } catch (e) {
      if (!(e instanceof ExperimentInputError)) throw e;
      log(`tune failed: ${e.message}`);
      process.exitCode = 1;
      return;
    }
    const id = created.id;
    log(`experiment ${id}: tuning program ${created.programExternalId} with ${args.calls} calls (knobs: ${args.knobs}, seed ${args.seed})`);
    const cancel = () => {
      log('cancelling (Ctrl-C)...');
      void cancelExperiment(args.runId, id);
    };
    process.once('SIGINT', cancel);
    const started = Date.now();
    try {
      await runExperiment(id, { log: (l) => log(`${l}  [${Math.round((Date.now() - started) / 1000)} s]`) });
    } finally {
      process.removeListener('SIGINT', cancel);
    }
    const x = (await getExperiment(args.runId, id))!;
    if (x.status !== 'done') {
      log(`tune ${x.status}: ${x.error ?? `${x.done}/${x.total} calls`}`);
      process.exitCode = 1;
    }
    const report = x.result?.kind === 'tune' ? x.result : null;
    if (args.json) {
      process.stdout.write(`${JSON.stringify({ experimentId: id, status: x.status, error: x.error, done: x.done, total: x.total, ...report })}\n`);
      return;
    }
    const head = `experiment ${id}: ${x.status}${x.error ? ` (${x.error})` : ''}, ${x.done}/${x.total} calls`;
    process.stdout.write(`${report ? summary(report, head) : head}\n`);
  });
}
