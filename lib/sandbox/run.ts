// runSandbox: one run of untrusted code under bubblewrap, as an unprivileged slot uid, with the
// limits of lib/contracts/sandboxTypes.ts, and a typed result. The supervisor (supervisorSource.ts) owns
// the slot, the rlimits, the wall clock, the process-count watch and the final kill of every
// process of the uid; this side feeds the files and stdin through pipes, captures and caps the
// output (killing the run past killOutputBytes) and turns the supervisor's report into a result.
import { spawn, type ChildProcess, type StdioOptions } from 'node:child_process';
import os from 'node:os';
import type { Readable, Writable } from 'node:stream';
import { bwrapArgs, requestProblem } from './bwrapArgs';
import { BWRAP, ensureSupervisor, sandboxAvailable, sandboxDir } from './supervisor';
import { DEFAULT_LIMITS, type CapturedStream, type SandboxLimits, type SandboxRequest, type SandboxResult } from '../contracts/sandboxTypes';

/** Slot uids: 62000..62063 (no account on this machine uses them); one run per uid at a time. */
const UID_BASE = 62000;
const MAX_SLOTS = 64;
/** EVOSCOPE_SANDBOX_SLOTS (1-64) uses fewer uids: runs beyond that many wait for a free one. */
function slots() {
  const n = Number(process.env.EVOSCOPE_SANDBOX_SLOTS ?? MAX_SLOTS);
  return Number.isInteger(n) && n >= 1 && n <= MAX_SLOTS ? n : MAX_SLOTS;
}
const REPORT_FD = 4;
const FIRST_FILE_FD = 5;

class Capture {
  private chunks: Buffer[] = [];
  private kept = 0;
  bytes = 0;
  constructor(private readonly keep: number) {}
  push(b: Buffer) {
    this.bytes += b.length;
    if (this.kept < this.keep) {
      const take = b.subarray(0, this.keep - this.kept);
      this.chunks.push(take);
      this.kept += take.length;
    }
  }
  buffer() {
    return Buffer.concat(this.chunks);
  }
  stream(): CapturedStream {
    return { text: this.buffer().toString('utf8'), bytes: this.bytes, dropped: this.bytes - this.kept };
  }
}

const emptyStream = (): CapturedStream => ({ text: '', bytes: 0, dropped: 0 });

export function sandboxError(message: string, extra: Partial<SandboxResult> = {}): SandboxResult {
  return { status: 'sandbox-error', exitCode: null, signal: null, wallMs: 0, cpuMs: 0, peakMemoryKb: 0, stdout: emptyStream(), stderr: emptyStream(), message, ...extra };
}

// The first name of each number wins: SIGABRT, not its alias SIGIOT.
const SIGNAL_NAMES: Record<number, string> = {};
for (const [name, n] of Object.entries(os.constants.signals)) SIGNAL_NAMES[n] ??= name;
const MEMORY_TEXT = /MemoryError|std::bad_alloc|Cannot allocate memory|out of memory/;

function parseReport(text: string): Record<string, string> {
  const line = text.trim().split('\n').pop() ?? '';
  return Object.fromEntries(line.split(' ').filter(Boolean).map((kv) => [kv.slice(0, kv.indexOf('=')), kv.slice(kv.indexOf('=') + 1)]));
}

export interface RawRun {
  result: SandboxResult;
  /** Bytes fd 3 received (resultPipe), capped at `resultCap` (default keepOutputBytes). */
  resultBytes: Buffer | null;
}

export async function runSandbox(req: SandboxRequest): Promise<SandboxResult> {
  return (await runSandboxRaw(req)).result;
}

/** runSandbox, with fd 3's bytes raw (how the C++ compiler hands back its binary). */
export async function runSandboxRaw(req: SandboxRequest, opts: { resultCap?: number } = {}): Promise<RawRun> {
  const limits: SandboxLimits = { ...DEFAULT_LIMITS, ...req.limits };
  const fail = (message: string): RawRun => ({ result: sandboxError(message), resultBytes: null });
  const problem = requestProblem(req);
  if (problem) return fail(problem);
  const avail = sandboxAvailable();
  if (!avail.ok) return fail(avail.message);
  if (req.signal?.aborted) return fail('cancelled');

  const stdio: StdioOptions = [
    req.stdin !== undefined ? 'pipe' : 'ignore',
    'pipe',
    'pipe',
    req.resultPipe ? 'pipe' : 'ignore',
    'pipe',
    ...req.files.map(() => 'pipe' as const),
  ];
  const args = [
    String(REPORT_FD), String(UID_BASE), String(slots()), sandboxDir(),
    String(Math.round(limits.wallSeconds * 1000)),
    String(Math.max(1, Math.ceil(limits.cpuSeconds))),
    String(Math.round(limits.memoryMb * 1024 * 1024)),
    String(limits.pids),
    BWRAP,
    ...bwrapArgs(req, limits, FIRST_FILE_FD, ensureSupervisor()),
  ];
  const child: ChildProcess = spawn(ensureSupervisor(), args, { stdio, cwd: '/', env: {} as NodeJS.ProcessEnv });

  const out = new Capture(limits.keepOutputBytes);
  const err = new Capture(limits.keepOutputBytes);
  const res = req.resultPipe ? new Capture(opts.resultCap ?? limits.keepOutputBytes) : null;
  let report = '';
  let stopReason: 'output-limit' | 'cancelled' | 'overdue' | null = null;
  const stop = (why: NonNullable<typeof stopReason>) => {
    if (stopReason) return;
    stopReason = why;
    child.kill(why === 'overdue' ? 'SIGKILL' : 'SIGTERM');
  };
  const onOutput = (cap: Capture) => (b: Buffer) => {
    cap.push(b);
    if (out.bytes + err.bytes > limits.killOutputBytes) stop('output-limit');
  };
  (child.stdout as Readable).on('data', onOutput(out));
  (child.stderr as Readable).on('data', onOutput(err));
  if (res) (child.stdio[3] as Readable).on('data', (b: Buffer) => res.push(b));
  (child.stdio[REPORT_FD] as Readable).on('data', (b: Buffer) => (report += b.toString()));
  const feed = (s: unknown, content: string | Buffer) => {
    const w = s as Writable;
    w.on('error', () => {}); // the program (or bwrap, failing) need not read it all
    w.end(content);
  };
  if (req.stdin !== undefined) feed(child.stdin, req.stdin);
  req.files.forEach((f, i) => feed(child.stdio[FIRST_FILE_FD + i], f.content));

  const onAbort = () => stop('cancelled');
  req.signal?.addEventListener('abort', onAbort, { once: true });
  // The supervisor enforces the wall limit itself; this only guards against it hanging. Generous,
  // since waiting for a free slot (every uid busy) is not run time.
  const overdue = setTimeout(() => stop('overdue'), (limits.wallSeconds + 60) * 1000);
  const spawnError = await new Promise<Error | null>((resolve) => {
    child.on('error', (e) => resolve(e));
    child.on('close', () => resolve(null));
  });
  clearTimeout(overdue);
  req.signal?.removeEventListener('abort', onAbort);

  const r = parseReport(report);
  const measured = {
    wallMs: Number(r.wall_ms ?? 0),
    cpuMs: Number(r.cpu_ms ?? 0),
    peakMemoryKb: Number(r.maxrss_kb ?? 0),
    stdout: out.stream(),
    stderr: err.stream(),
    ...(res ? { result: res.buffer().toString('utf8') } : {}),
  };
  const resultBytes = res ? res.buffer() : null;
  const done = (result: SandboxResult): RawRun => ({ result, resultBytes });
  const base = { exitCode: null, signal: null, ...measured };

  if (spawnError) return fail(`the sandbox supervisor could not start (${spawnError.message})`);
  if (stopReason === 'output-limit') {
    return done({ status: 'output-limit', ...base, message: `killed after writing more than ${fmtBytes(limits.killOutputBytes)} of output` });
  }
  if (stopReason === 'cancelled') return done(sandboxError('cancelled', measured));
  if (stopReason === 'overdue' || !r.reason) return done(sandboxError('the sandbox supervisor did not report (killed)', measured));
  if (r.reason === 'error') return done(sandboxError(`the sandbox could not start (${r.message ?? 'unknown error'})`, measured));
  if (r.reason === 'stopped') return done(sandboxError('stopped', measured));
  if (r.reason === 'wall') return done({ status: 'timeout', ...base, signal: 'SIGKILL', message: `killed after ${limits.wallSeconds} s wall time` });
  if (r.reason === 'pids') {
    return done({ status: 'pids', ...base, signal: 'SIGKILL', message: `killed on reaching the limit of ${limits.pids} processes/threads` });
  }
  // bwrap itself killed by a signal (the OOM killer, say): read it as bwrap reports a signal.
  const code = r.exited === '0' && Number(r.signal) > 0 ? 128 + Number(r.signal) : Number(r.code);
  const result = classifyExit(code, limits, base);
  if (result.status === 'sandbox-error' && result.message) {
    for (const b of req.readOnlyBinds ?? []) result.message = result.message.replaceAll(b.host, `(bound at ${b.inside})`);
  }
  return done(result);
}

/** The program ended on its own: bwrap passes on its exit code, 128+N when signal N killed it. */
function classifyExit(code: number, limits: SandboxLimits, base: Omit<SandboxResult, 'status'>): SandboxResult {
  const stderr = base.stderr.text;
  if (code === 1 && /^bwrap: /.test(stderr)) return { ...base, status: 'sandbox-error', exitCode: null, message: `the sandbox could not start: ${stderr.trim().slice(0, 300)}` };
  const sig = code > 128 && code <= 128 + 64 ? code - 128 : 0;
  const signal = sig ? (SIGNAL_NAMES[sig] ?? `signal ${sig}`) : null;
  const exitCode = sig ? null : code;
  const r = { ...base, exitCode, signal };
  const cpuHit = r.cpuMs >= limits.cpuSeconds * 1000 * 0.9;
  if (signal === 'SIGXCPU' || (signal === 'SIGKILL' && cpuHit)) return { ...r, status: 'timeout', message: `killed after ${limits.cpuSeconds} s CPU time` };
  if (code === 0) return { ...r, status: 'ok' };
  const nearLimit = r.peakMemoryKb >= limits.memoryMb * 1024 * 0.8;
  // The end of stderr: where a traceback's MemoryError or the C++ runtime's bad_alloc line is.
  if (MEMORY_TEXT.test(stderr.slice(-2000)) || (['SIGSEGV', 'SIGABRT', 'SIGBUS', 'SIGKILL'].includes(signal ?? '') && nearLimit)) {
    return { ...r, status: 'memory', message: `ran out of memory (limit ${limits.memoryMb} MiB)` };
  }
  return { ...r, status: 'exit', message: signal ? `killed by ${signal}` : `exited with code ${code}` };
}

function fmtBytes(n: number) {
  return n >= 1024 * 1024 ? `${+(n / 1024 / 1024).toFixed(1)} MiB` : `${n} bytes`;
}
