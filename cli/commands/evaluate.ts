// `evoscope evaluate <runId> [<programId>|--best-chain] [--private] [--concurrency N] [--json]`
// Re-runs one program (our uuid or the source's id) or the run's best-so-far chain against the
// run's evaluator, in this process (no worker needed) with the same batch code as the worker
// task: the results are stored as the page's Re-run stores them. Progress goes to stderr; stdout
// gets one JSON object (--json) or a table. Ctrl-C cancels the batch.
import { runParamsSchema } from '../../lib/contracts/api/params';
import { BatchInputError, cancelBatch, createEvaluationBatch, getBatchDetail } from '../../lib/db/evaluationBatches';
import { resolveProgramRef } from '../../lib/db/programs';
import { runEvaluationBatch } from '../../lib/services/evaluation/runEvaluationBatch';
import { sandboxBatchDeps } from '../../lib/services/evaluation/batchDeps';
import { parseArgs, UsageError } from '../args';
import { withDatabase } from '../withDatabase';

export interface EvaluateArgs {
  runId: string;
  program?: string;
  bestChain: boolean;
  private: boolean;
  concurrency?: number;
  json: boolean;
}

export function parseEvaluateArgs(args: string[]): EvaluateArgs {
  const [first, ...rest] = args;
  if (!first || first.startsWith('--')) throw new UsageError('evaluate needs a <runId> first');
  const id = runParamsSchema.safeParse({ runId: first.trim().toLowerCase() });
  if (!id.success) throw new UsageError(`evaluate: '${first}' is not a run id (a UUID, as the runs list links show)`);
  const a = parseArgs(rest, { values: ['concurrency'], switches: ['best-chain', 'private', 'json'], positional: 'program' });
  const bestChain = a.switches.has('best-chain');
  if (bestChain === (a.positional !== undefined)) throw new UsageError('evaluate needs either a <programId> or --best-chain');
  let concurrency: number | undefined;
  if (a.values.concurrency !== undefined) {
    concurrency = Number(a.values.concurrency);
    if (!Number.isInteger(concurrency) || concurrency < 1 || concurrency > 64) throw new UsageError('--concurrency must be an integer from 1 to 64');
  }
  return { runId: id.data.runId, program: a.positional, bestChain, private: a.switches.has('private'), concurrency, json: a.switches.has('json') };
}

async function programIdOf(runId: string, ref: string): Promise<string> {
  const found = await resolveProgramRef(runId, ref);
  if (!found) throw new BatchInputError(404, `no program '${ref}' in run ${runId} (give its id as the source names it, or our uuid)`);
  if ('ambiguous' in found) throw new BatchInputError(400, `'${ref}' matches several programs: ${found.ambiguous.join(', ')}${found.more ? ', ...' : ''}`);
  return found.id;
}

const fmt = (x: number | null | undefined) => (x === null || x === undefined ? '—' : String(x));

/** Exit code 0 when the batch ran to its end (whatever each candidate scored), 1 otherwise. */
export async function evaluateCommand(args: EvaluateArgs, log: (l: string) => void) {
  return withDatabase(log, async () => {
    let created;
    try {
      const programIds = args.program ? [await programIdOf(args.runId, args.program)] : undefined;
      created = await createEvaluationBatch({
        runId: args.runId,
        scope: args.bestChain ? 'best-chain' : 'program',
        programIds,
        testSets: args.private ? ['public', 'private'] : ['public'],
        concurrency: args.concurrency,
      });
    } catch (e) {
      if (!(e instanceof BatchInputError)) throw e;
      log(`evaluate failed: ${e.message}`);
      process.exitCode = 1;
      return;
    }
    if (!created) {
      log(`evaluate failed: no run ${args.runId}`);
      process.exitCode = 1;
      return;
    }
    const batchId = created.id;
    log(`batch ${batchId}: ${created.total} evaluation(s) against evaluator version ${created.evaluatorVersion}, ${created.concurrency} at once`);
    const cancel = () => {
      log('cancelling (Ctrl-C)...');
      void cancelBatch(args.runId, batchId);
    };
    process.once('SIGINT', cancel);
    try {
      await runEvaluationBatch(batchId, sandboxBatchDeps, {
        log,
        onProgress: (p) => log(`${p.done}/${p.total} evaluated${p.failed ? ` (${p.failed} not ok)` : ''}`),
      });
    } finally {
      process.removeListener('SIGINT', cancel);
    }
    const detail = (await getBatchDetail(args.runId, batchId))!;
    if (detail.status !== 'done') {
      log(`evaluate ${detail.status}: ${detail.error ?? `${detail.done}/${detail.total} evaluated`}`);
      process.exitCode = 1;
    }
    const steps = detail.steps.map((s) => ({ ...s, reproduced: s.public?.score != null && s.public.score === s.recordedScore }));
    if (args.json) {
      process.stdout.write(`${JSON.stringify({ batchId, ...detail, steps })}\n`);
      return;
    }
    process.stdout.write(`batch ${batchId}: ${detail.status}, ${detail.done}/${detail.total} evaluated, ${detail.failed} not ok\n`);
    for (const s of steps) {
      const priv = detail.testSets.includes('private') ? `  private ${fmt(s.private?.score)}` : '';
      process.stdout.write(`  ${s.externalId}  iteration ${fmt(s.iteration)}  recorded ${fmt(s.recordedScore)}  re-run ${fmt(s.public?.score)} (${s.public?.status ?? 'not run'})${priv}\n`);
    }
  });
}
