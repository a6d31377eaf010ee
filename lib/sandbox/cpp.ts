// C/C++ compilation inside a sandbox, cached by source hash: <data dir>/cache/cpp/<sha256> holds the
// binary (or <sha256>.err the compiler's message, so a broken candidate re-evaluated 200 times is
// compiled once). The compiler runs in the sandbox too (a candidate's source is hostile: think
// `#include "/etc/shadow"`), and hands the binary back through fd 3.
import crypto from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { dataDir } from '../contracts/env';
import { runSandboxRaw } from './run';
import type { SandboxLimits, SandboxResult } from '../contracts/sandboxTypes';

export type CompiledLanguage = 'cpp' | 'c';

/** Compiler and flags per language; part of the cache key. */
export const COMPILERS: Record<CompiledLanguage, { source: string; argv: string[] }> = {
  cpp: { source: 'main.cpp', argv: ['g++', '-O2', '-std=gnu++17', '-pipe', '-o', 'main', 'main.cpp'] },
  c: { source: 'main.c', argv: ['gcc', '-O2', '-std=gnu17', '-pipe', '-o', 'main', 'main.c', '-lm'] },
};

/** Limits of a compilation: g++ on a large template-heavy file needs more than a run's defaults. */
export const COMPILE_LIMITS: Partial<SandboxLimits> = { wallSeconds: 60, cpuSeconds: 60, memoryMb: 2048, pids: 16 };
/** Most bytes of compiler output shown in a compile-error. */
export const COMPILE_MESSAGE_CHARS = 4000;
const MAX_BINARY = 256 * 1024 * 1024;

export const cppCacheDir = () => path.join(dataDir(), 'cache', 'cpp');

export type CompileResult =
  | { ok: true; binaryPath: string; binary: Buffer; cached: boolean; sha: string }
  | { ok: false; result: SandboxResult };

/** Caps a compiler message: its head (the first errors matter), with a note of what was cut. */
export function capMessage(text: string, max = COMPILE_MESSAGE_CHARS): string {
  if (text.length <= max) return text;
  return `${text.slice(0, max)}\n... (${text.length - max} more characters of compiler output cut)`;
}

function compileError(message: string, from?: SandboxResult): SandboxResult {
  const capped = capMessage(message);
  const text = { text: capped, bytes: Buffer.byteLength(message), dropped: Math.max(0, Buffer.byteLength(message) - Buffer.byteLength(capped)) };
  return {
    status: 'compile-error',
    exitCode: from?.exitCode ?? null,
    signal: from?.signal ?? null,
    wallMs: from?.wallMs ?? 0,
    cpuMs: from?.cpuMs ?? 0,
    peakMemoryKb: from?.peakMemoryKb ?? 0,
    stdout: { text: '', bytes: 0, dropped: 0 },
    stderr: text,
    message: capped,
  };
}

/**
 * Compiles `source` (in a sandbox, or from the cache) to a binary. Evaluators reuse it: put
 * `binary` into their own sandbox as an executable file (SandboxFile { executable: true }).
 */
export async function compileProgram(source: string, lang: CompiledLanguage = 'cpp', opts: { signal?: AbortSignal } = {}): Promise<CompileResult> {
  const c = COMPILERS[lang];
  const sha = crypto.createHash('sha256').update(JSON.stringify(c.argv)).update('\0').update(source).digest('hex');
  const dir = cppCacheDir();
  const binaryPath = path.join(dir, sha);
  const errPath = `${binaryPath}.err`;
  const hit = await fsp.readFile(binaryPath).catch(() => null);
  if (hit) return { ok: true, binaryPath, binary: hit, cached: true, sha };
  const errHit = await fsp.readFile(errPath, 'utf8').catch(() => null);
  if (errHit !== null) return { ok: false, result: compileError(errHit) };

  const cmd = `${c.argv.join(' ')} && cat main >&3`;
  const { result, resultBytes } = await runSandboxRaw(
    { files: [{ path: c.source, content: source }], command: ['/bin/sh', '-c', cmd], limits: COMPILE_LIMITS, resultPipe: true, signal: opts.signal },
    { resultCap: MAX_BINARY },
  );
  if (result.status === 'ok' && resultBytes && resultBytes.length > 0) {
    await writeAtomic(binaryPath, resultBytes);
    return { ok: true, binaryPath, binary: resultBytes, cached: false, sha };
  }
  if (result.status === 'exit') {
    // The compiler said no: that is the candidate's fault, and it will say the same next time.
    const message = (result.stderr.text + result.stdout.text).trim() || `the compiler exited with code ${result.exitCode}`;
    await writeAtomic(errPath, Buffer.from(message));
    return { ok: false, result: compileError(message, result) };
  }
  // Limits hit while compiling (or the sandbox failing): not cached, reported as such.
  const why = result.status === 'sandbox-error' ? result.message : `compilation stopped: ${result.message ?? result.status}`;
  return { ok: false, result: result.status === 'sandbox-error' ? result : compileError(why ?? 'compilation failed', result) };
}

async function writeAtomic(file: string, data: Buffer) {
  await fsp.mkdir(path.dirname(file), { recursive: true });
  const tmp = `${file}.${process.pid}.${crypto.randomBytes(4).toString('hex')}`;
  await fsp.writeFile(tmp, data, { mode: 0o755 });
  await fsp.rename(tmp, file).catch(async (e) => {
    await fsp.rm(tmp, { force: true });
    if (!fs.existsSync(file)) throw e;
  });
}
