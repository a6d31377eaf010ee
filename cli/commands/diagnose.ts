// `evoscope diagnose <runId> [--at GENERATION] [--k K] [--max-tool-calls N] [--max-tokens N]
//  [--no-aux] [--no-candidate] [--resume EXPERIMENT] [--json]`
// The eval agent post hoc (issue 13): hands the configured LLM (Settings · LLM or EVOSCOPE_LLM_*)
// the best program since the previous diagnosis up to --at (default: the run's last generation),
// the score history, the previous report and the change log, with sandboxed tools, bounded by tool
// calls and tokens; stores the diagnosis (report with claims linked to tool calls), evaluates the
// agent candidate and queues the aux metrics run. Runs in this process with the worker's code
// (lib/services/experiments/runExperiment.ts); --resume continues a stored diagnosis, re-feeding its stored
// exchanges. Progress on stderr; stdout gets one JSON object (--json: { experimentId, status,
// error, result, diagnosis, calls }) or the report. Ctrl-C cancels.
import { runParamsSchema } from '../../lib/contracts/api/params';
import { getDiagnosis } from '../../lib/db/diagnoses';
import { createDiagnoseExperiment } from '../../lib/services/experiments/diagnose';
import { ExperimentInputError, getExperiment, listCalls, resumeExperiment } from '../../lib/db/experiments';
import { diagnoseParamsSchema, type DiagnoseExperimentReport, type DiagnoseParams } from '../../lib/trace/diagnosis';
import { parseArgs, UsageError } from '../args';
import { withDatabase } from '../withDatabase';
import { runInForeground } from '../foregroundExperiment';

export interface DiagnoseArgs {
  runId: string;
  params: DiagnoseParams;
  resume?: string;
  json: boolean;
}

const int = (flag: string, v: string | undefined) => {
  if (v === undefined) return undefined;
  const n = Number(v);
  if (!Number.isInteger(n)) throw new UsageError(`--${flag} must be a whole number, not '${v}'`);
  return n;
};

export function parseDiagnoseArgs(args: string[]): DiagnoseArgs {
  const [first, ...rest] = args;
  if (!first || first.startsWith('--')) throw new UsageError('diagnose needs a <runId> first');
  const id = runParamsSchema.safeParse({ runId: first.trim().toLowerCase() });
  if (!id.success) throw new UsageError(`diagnose: '${first}' is not a run id (a UUID, as the runs list links show)`);
  const a = parseArgs(rest, { values: ['at', 'k', 'max-tool-calls', 'max-tokens', 'resume'], switches: ['json', 'no-aux', 'no-candidate'], positional: 'run id' });
  if (a.positional !== undefined) throw new UsageError(`diagnose: unexpected argument ${a.positional}`);
  const parsed = diagnoseParamsSchema.safeParse({
    atGeneration: int('at', a.values.at),
    k: int('k', a.values.k),
    maxToolCalls: int('max-tool-calls', a.values['max-tool-calls']),
    maxTokens: int('max-tokens', a.values['max-tokens']),
    auxMetrics: !a.switches.has('no-aux'),
    agentCandidate: !a.switches.has('no-candidate'),
  });
  if (!parsed.success) {
    const flag: Record<string, string> = { atGeneration: 'at', maxToolCalls: 'max-tool-calls', maxTokens: 'max-tokens' };
    throw new UsageError(`diagnose: ${parsed.error.issues.map((i) => `--${flag[String(i.path[0])] ?? String(i.path[0])} ${i.message}`).join('; ')}`);
  }
  return { runId: id.data.runId, params: parsed.data, resume: a.values.resume, json: a.switches.has('json') };
}

/** Exit code 0 when the diagnosis was stored (whatever the agent found), 1 otherwise. */
export async function diagnoseCommand(args: DiagnoseArgs, log: (l: string) => void) {
  return withDatabase(log, async () => {
    let experimentId: string;
    if (args.resume) {
      const x = await resumeExperiment(args.runId, args.resume);
      if (!x || x.kind !== 'diagnose') {
        log(`diagnose failed: no diagnosis experiment ${args.resume} in run ${args.runId}`);
        process.exitCode = 1;
        return;
      }
      experimentId = x.id;
    } else {
      try {
        const x = await createDiagnoseExperiment(args.runId, args.params);
        experimentId = x.id;
        log(`diagnose ${experimentId}: program ${x.programExternalId}, at most ${args.params.maxToolCalls} tool calls and ${args.params.maxTokens} tokens`);
      } catch (e) {
        if (!(e instanceof ExperimentInputError)) throw e;
        log(`diagnose failed: ${e.message}`);
        process.exitCode = 1;
        return;
      }
    }
    let last = '';
    await runInForeground(args.runId, experimentId, log, ({ phase }) => {
      if (phase && phase !== last) log((last = phase));
    });
    const x = (await getExperiment(args.runId, experimentId))!;
    const result = x.result as DiagnoseExperimentReport | null;
    const diagnosis = result?.diagnosisId ? await getDiagnosis(args.runId, result.diagnosisId) : null;
    if (x.status !== 'done' || !diagnosis) {
      log(`diagnose ${x.status}: ${x.error ?? 'no diagnosis stored'}`);
      process.exitCode = 1;
    } else {
      const b = diagnosis.report.bounds;
      log(`diagnosis ${diagnosis.id}: ${b?.toolCalls ?? 0} tool call(s), ${b?.tokens ?? 0} tokens${b?.stoppedBy ? `, stopped by the ${b.stoppedBy} bound` : ''}`);
    }
    const calls = (await listCalls(experimentId, { logs: true })).map((c) => ({
      idx: c.idx, phase: c.phase, status: c.status, input: c.input, output: c.output, sandboxStatus: c.sandboxStatus, wallMs: c.wallMs, score: c.score, llm: c.llm,
    }));
    if (args.json) {
      process.stdout.write(`${JSON.stringify({ experimentId, status: x.status, error: x.error, result, diagnosis, calls })}\n`);
      return;
    }
    if (diagnosis) process.stdout.write(`${diagnosis.reportMd}\n`);
  });
}
