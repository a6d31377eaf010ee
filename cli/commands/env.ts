// `evoscope env attach <runId> <dir> [--command CMD] [--private DIR] [--contract C] [--program-file F]
//   [--timeout S] [--memory MB] [--json]`: attaches an evaluator folder to a stored run as its next
// version (lib/db/evaluators.ts), the contract told by the folder's files unless given.
import path from 'node:path';
import { parseArgs as nodeParseArgs } from 'node:util';
import { runParamsSchema } from '../../lib/contracts/api/params';
import { pool } from '../../lib/db/client';
import { attachEvaluator, EVALUATOR_CONTRACTS } from '../../lib/db/evaluators';
import { defaultProgramFile, detectContract, EvaluatorInputError, readEvaluatorFolder } from '../../lib/sandbox/evaluators/files';
import type { EvaluatorContract } from '../../lib/contracts/evaluatorTypes';
import { UsageError } from '../args';
import { withDatabase } from '../withDatabase';

export interface EnvAttachArgs {
  runId: string;
  dir: string;
  command?: string;
  privateDir?: string;
  contract?: EvaluatorContract;
  programFile?: string;
  timeoutSeconds: number;
  memoryMb: number;
  json: boolean;
}

export const DEFAULT_TIMEOUT_SECONDS = 60;
export const DEFAULT_MEMORY_MB = 2048;

export function parseEnvArgs(args: string[]): EnvAttachArgs {
  const [sub, ...rest] = args;
  if (sub !== 'attach') throw new UsageError(sub ? `unknown env command ${sub} (known: attach)` : 'env needs a command: attach');
  let parsed;
  try {
    parsed = nodeParseArgs({
      args: rest,
      allowPositionals: true,
      options: {
        command: { type: 'string' }, private: { type: 'string' }, contract: { type: 'string' }, 'program-file': { type: 'string' },
        timeout: { type: 'string' }, memory: { type: 'string' }, json: { type: 'boolean' },
      },
    });
  } catch (e) {
    throw new UsageError(`env attach: ${(e as Error).message}`);
  }
  const { values: v, positionals } = parsed;
  if (positionals.length !== 2) throw new UsageError('env attach needs <runId> <dir>');
  const id = runParamsSchema.safeParse({ runId: positionals[0].trim().toLowerCase() });
  if (!id.success) throw new UsageError(`env attach: '${positionals[0]}' is not a run id (a UUID, as the runs list links show)`);
  if (v.contract && !EVALUATOR_CONTRACTS.includes(v.contract as EvaluatorContract)) {
    throw new UsageError(`--contract must be one of ${EVALUATOR_CONTRACTS.join(', ')}`);
  }
  const num = (s: string | undefined, flag: string, fallback: number) => {
    if (s === undefined) return fallback;
    const n = Number(s);
    if (!Number.isFinite(n) || n <= 0) throw new UsageError(`${flag} must be a positive number`);
    return n;
  };
  return {
    runId: id.data.runId,
    dir: positionals[1],
    command: v.command,
    privateDir: v.private,
    contract: v.contract as EvaluatorContract | undefined,
    programFile: v['program-file'],
    timeoutSeconds: num(v.timeout, '--timeout', DEFAULT_TIMEOUT_SECONDS),
    memoryMb: Math.round(num(v.memory, '--memory', DEFAULT_MEMORY_MB)),
    json: Boolean(v.json),
  };
}

export async function envCommand(args: EnvAttachArgs, log: (l: string) => void) {
  // Read and check the folders before starting a database for nothing.
  let files, privateFiles, detected;
  try {
    files = readEvaluatorFolder(args.dir);
    privateFiles = args.privateDir ? readEvaluatorFolder(args.privateDir, 'private folder') : null;
    detected = args.contract
      ? { contract: args.contract, entry: args.contract === 'openevolve' ? 'evaluator.py' : args.contract === 'shinka' ? 'evaluate.py' : null }
      : detectContract(files, args.command);
  } catch (e) {
    if (e instanceof EvaluatorInputError) return fail(`env attach failed: ${e.message}`, log);
    throw e;
  }
  return withDatabase(log, async () => {
    const run = await pool().query<{ language: string | null }>('SELECT language FROM runs WHERE id = $1', [args.runId]);
    if (!run.rowCount) return fail(`env attach failed: no run ${args.runId}`, log);
    const programFile = args.programFile ?? defaultProgramFile(run.rows[0].language);
    const input = {
      ...detected, command: args.command ?? null, programFile, files, privateFiles,
      timeoutSeconds: args.timeoutSeconds, memoryMb: args.memoryMb, origin: 'cli' as const,
    };
    let stored;
    try {
      stored = await attachEvaluator(pool(), args.runId, input);
    } catch (e) {
      if (e instanceof EvaluatorInputError) return fail(`env attach failed: ${e.message}`, log);
      throw e;
    }
    const summary = {
      runId: args.runId, evaluatorId: stored.id, version: stored.version, contract: input.contract, entry: input.entry,
      command: input.command, programFile, files: Object.keys(files).length, privateFiles: privateFiles ? Object.keys(privateFiles).length : 0,
      timeoutSeconds: input.timeoutSeconds, memoryMb: input.memoryMb,
    };
    process.stdout.write(
      args.json
        ? `${JSON.stringify(summary)}\n`
        : `attached evaluator v${stored.version} (${input.contract}${input.entry ? `, ${input.entry}` : `: ${input.command}`}) from ${path.basename(path.resolve(args.dir))} ` +
            `to run ${args.runId}: ${summary.files} files${privateFiles ? `, private test set of ${summary.privateFiles}` : ''}, candidate as ${programFile}\n`,
    );
  });
}

function fail(message: string, log: (l: string) => void) {
  log(message);
  process.exitCode = 1;
}
