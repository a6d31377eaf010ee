// The sandbox's contract: what a caller asks for and the typed result it gets back.
// Implementation: lib/sandbox/run.ts (bubblewrap under a per-slot unprivileged uid).
// Everything that runs candidate or evaluator code goes through runSandbox / runProgram.

/** Limits of one sandboxed run. Every field has a default (DEFAULT_LIMITS). */
export interface SandboxLimits {
  /** Wall-clock limit; the whole process tree is killed at it. */
  wallSeconds: number;
  /** CPU-time limit (RLIMIT_CPU), summed over the tree's processes as the kernel counts it. */
  cpuSeconds: number;
  /** Address-space limit per process (RLIMIT_AS), in MiB. */
  memoryMb: number;
  /** Most processes/threads the run may hold at once (its own uid + RLIMIT_NPROC). */
  pids: number;
  /** Bytes of stdout and of stderr kept (each); the rest is counted and dropped. */
  keepOutputBytes: number;
  /** Bytes of output (both streams) after which the run is killed with `output-limit`. */
  killOutputBytes: number;
  /** Size of the tmpfs work directory, in MiB. */
  workDirMb: number;
}

export const DEFAULT_LIMITS: SandboxLimits = {
  wallSeconds: 10,
  cpuSeconds: 10,
  memoryMb: 1024,
  pids: 64,
  keepOutputBytes: 1024 * 1024,
  killOutputBytes: 64 * 1024 * 1024,
  workDirMb: 256,
};

/** A file placed in the sandbox's work directory (/work) before the command starts. */
export interface SandboxFile {
  /** Relative path inside /work; no '..', not absolute. */
  path: string;
  content: string | Buffer;
  executable?: boolean;
}

export interface SandboxRequest {
  files: SandboxFile[];
  /** argv, run with /work as the current directory; argv[0] resolved on PATH=/usr/bin:/bin. */
  command: string[];
  limits?: Partial<SandboxLimits>;
  stdin?: string | Buffer;
  /** Extra environment (the environment is otherwise cleared). */
  env?: Record<string, string>;
  /** Read-only host paths bound at the same path inside (e.g. a cached compiled binary). */
  readOnlyBinds?: { host: string; inside: string }[];
  /**
   * When true, fd 3 inside the sandbox is a pipe whose content (capped at keepOutputBytes)
   * comes back as `result`: how evaluator harnesses return metrics without mixing them into
   * the candidate's stdout.
   */
  resultPipe?: boolean;
  /** Aborting kills the run; the result is then `sandbox-error` with message 'cancelled'. */
  signal?: AbortSignal;
}

export type SandboxStatus =
  | 'ok'
  | 'exit'
  | 'timeout'
  | 'memory'
  | 'pids'
  | 'output-limit'
  | 'compile-error'
  | 'sandbox-error';

export interface CapturedStream {
  /** The first keepOutputBytes bytes, decoded as UTF-8. */
  text: string;
  /** All bytes written, kept or not. */
  bytes: number;
  /** Bytes counted and dropped. */
  dropped: number;
}

export interface SandboxResult {
  status: SandboxStatus;
  /** Exit code when the process exited, null when killed by a signal. */
  exitCode: number | null;
  signal: string | null;
  wallMs: number;
  cpuMs: number;
  peakMemoryKb: number;
  stdout: CapturedStream;
  stderr: CapturedStream;
  /** What fd 3 received, when `resultPipe` was asked for. */
  result?: string;
  /** A human sentence for anything but ok (e.g. "killed after 10 s wall time"). */
  message?: string;
}

/** Languages runProgram can compile/run on this machine; anything else is "not runnable". */
export type RunnableLanguage = 'python' | 'cpp';

export interface ProgramRequest {
  source: string;
  /** As a run records it: python, cpp, c++, c, cuda, ... (normalised by runProgram). */
  language: string;
  stdin?: string | Buffer;
  args?: string[];
  limits?: Partial<SandboxLimits>;
  signal?: AbortSignal;
}
