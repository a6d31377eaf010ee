// `evoscope sandbox run <file> [--lang python|cpp] [--timeout S] [--memory MB] [--stdin FILE] [--json]`
// Runs one program file in the sandbox (lib/sandbox) as the worker would, and prints the typed
// result: with --json exactly one JSON object (SandboxResult) on stdout. Exit code 0 when the
// program succeeded (status ok), 1 for any other status, 2 for a usage error.
import fs from 'node:fs';
import path from 'node:path';
import { languageOfFile, runProgram, type SandboxLimits, type SandboxResult } from '../../lib/sandbox';
import { parseArgs, UsageError } from '../args';

export interface SandboxArgs {
  file: string;
  lang: string;
  limits: Partial<SandboxLimits>;
  stdin?: string;
  json: boolean;
}

function positiveNumber(flag: string, v: string | undefined): number | undefined {
  if (v === undefined) return undefined;
  const n = Number(v);
  if (!Number.isFinite(n) || n <= 0) throw new UsageError(`${flag} must be a positive number (got ${v})`);
  return n;
}

export function parseSandboxArgs(args: string[]): SandboxArgs {
  const [sub, ...rest] = args;
  if (sub !== 'run') throw new UsageError(sub ? `unknown sandbox command ${sub} (expected: sandbox run <file>)` : 'sandbox needs a command: sandbox run <file>');
  const a = parseArgs(rest, { values: ['lang', 'timeout', 'memory', 'stdin'], switches: ['json'], positional: 'file' });
  if (!a.positional) throw new UsageError('sandbox run needs a <file>');
  const timeout = positiveNumber('--timeout', a.values.timeout);
  const memory = positiveNumber('--memory', a.values.memory);
  const limits: Partial<SandboxLimits> = {
    ...(timeout ? { wallSeconds: timeout, cpuSeconds: timeout } : {}),
    ...(memory ? { memoryMb: memory } : {}),
  };
  return { file: a.positional, lang: a.values.lang ?? languageOfFile(a.positional), limits, stdin: a.values.stdin, json: a.switches.has('json') };
}

function humanText(r: SandboxResult, name: string): string {
  const note = r.message ? ` (${r.message.split('\n')[0]})` : '';
  const head = `${name}: ${r.status}${note}; wall ${r.wallMs} ms, cpu ${r.cpuMs} ms, peak ${Math.round(r.peakMemoryKb / 1024)} MiB`;
  const stream = (label: string, s: SandboxResult['stdout']) =>
    s.bytes === 0 ? [] : [`--- ${label} (${s.bytes} bytes${s.dropped ? `, ${s.dropped} dropped` : ''})`, s.text.replace(/\n$/, '')];
  return [head, ...stream('stdout', r.stdout), ...stream('stderr', r.stderr)].join('\n');
}

export async function sandboxCommand(args: SandboxArgs) {
  const name = path.basename(args.file);
  let source: string;
  let stdin: Buffer | undefined;
  try {
    source = fs.readFileSync(args.file, 'utf8');
    stdin = args.stdin === undefined ? undefined : fs.readFileSync(args.stdin);
  } catch (e) {
    const err = e as NodeJS.ErrnoException;
    process.stderr.write(`[evoscope] sandbox run: cannot read ${err.path ?? args.file} (${err.code === 'ENOENT' ? 'no such file' : err.code ?? err.message})\n`);
    process.exitCode = 1;
    return;
  }
  const r = await runProgram({ source, language: args.lang, limits: args.limits, stdin });
  process.stdout.write(`${args.json ? JSON.stringify(r) : humanText(r, name)}\n`);
  if (r.status !== 'ok') process.exitCode = 1;
}
